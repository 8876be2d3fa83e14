import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import {
  fundLendingBody,
  loanFieldCodes,
  type LoanProduct,
  type loanProducts,
} from '../../../../contract/loans/schemas.ts';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { DataTable, ErrorAlert, PageHeader, type Column } from '../../../ui/admin/AdminUi.tsx';
import { FundDialog } from '../../../ui/admin/FundDialog.tsx';
import { ProductStatusBadge } from '../../../ui/admin/ProductStatus.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Figure } from '../../../ui/Figure.tsx';
import { LoanProductForm } from './LoanProductForm.tsx';

type Products = z.infer<typeof loanProducts>;
const PRODUCTS_KEY = [ADMIN_KEY, 'loanProducts'] as const;

function useColumns(edit: ((p: LoanProduct) => void) | null): Column<LoanProduct>[] {
  const { t } = useTranslation('admin');
  const percent = (value: string) => t('percent', { value });
  return [
    {
      id: 'product',
      header: t('loanProducts.col.product'),
      cell: (p) => (
        <span className="admin-stack">
          <strong data-testid="loan-product-name">{p.name}</strong>
          <span className="muted num">#{p.id}</span>
          <ProductStatusBadge status={p.status} />
        </span>
      ),
    },
    {
      id: 'range',
      header: t('loanProducts.col.range'),
      numeric: true,
      cell: (p) => (
        <span className="admin-nowrap">
          <Amount value={p.minAmount} /> – <Amount value={p.maxAmount} asset={p.asset} />
        </span>
      ),
    },
    {
      id: 'terms',
      header: t('loanProducts.col.terms'),
      cell: (p) => (
        <span className="num" data-testid="loan-product-terms">
          {p.terms.join(', ')}
        </span>
      ),
    },
    {
      id: 'rate',
      header: t('loanProducts.col.dailyRate'),
      numeric: true,
      cell: (p) => (
        <span data-testid="loan-product-dailyRate" data-value={p.dailyRatePercent}>
          {percent(p.dailyRatePercent)}
        </span>
      ),
    },
    {
      id: 'free',
      header: t('loanProducts.col.freeDays'),
      numeric: true,
      cell: (p) => <span className="num">{p.freeDays}</span>,
    },
    {
      id: 'overdue',
      header: t('loanProducts.col.overdueRate'),
      numeric: true,
      cell: (p) => (
        <span data-testid="loan-product-overdueRate" data-value={p.overdueRatePercent}>
          {percent(p.overdueRatePercent)}
        </span>
      ),
    },
    ...(edit === null
      ? []
      : [
          {
            id: 'actions',
            header: t('loanProducts.col.actions'),
            cell: (p: LoanProduct) => (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => edit(p)}
                data-testid="loan-edit"
              >
                {t('loanProducts.edit')}
              </button>
            ),
          },
        ]),
  ];
}

/** The lending account: what loans are paid out of, and what is lent out (ledger sums). */
function Lending({ data, onFund }: { data: Products; onFund: (() => void) | null }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card admin-card" data-testid="lending">
      <div className="admin-param-head">
        <h2 className="admin-section-title">{t('loanProducts.lending.title')}</h2>
        {onFund !== null && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={onFund}
            data-testid="lending-fund"
          >
            {t('loanProducts.lending.fund')}
          </button>
        )}
      </div>
      <dl className="admin-maker-figures">
        <Figure
          label={t('loanProducts.lending.balance')}
          testId="lending-balance"
          value={data.lendingBalance}
        >
          <Amount value={data.lendingBalance} asset="USDT" />
        </Figure>
        <Figure
          label={t('loanProducts.lending.outstanding')}
          testId="lending-outstanding"
          value={data.outstanding}
        >
          <Amount value={data.outstanding} asset="USDT" />
        </Figure>
      </dl>
      <p className="muted admin-intro">
        {t('loanProducts.lending.timeZone', { zone: data.timeZone })} {t('loanProducts.kycLimits')}{' '}
        <Link to="/admin/params" className="link">
          {t('loanProducts.kycLimitsLink')}
        </Link>
      </p>
    </section>
  );
}

/**
 * Loan products in the back office (docs/loans.md): every product, paused ones too, with its
 * terms, and the lending account loans are paid out of. Admins create and change products and
 * fund the lending account from the operator's capital; each with a reason in the audit log.
 * The largest loan once verified is a parameter (kyc_loan_max_verified), changed in Parameters.
 */
export default function LoanProductsPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => staffCall('adminListLoanProducts'),
  });
  const [editing, setEditing] = useState<LoanProduct | 'new' | null>(null);
  const [funding, setFunding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const mayEdit = staff !== null && roleMayCall(staff.role, 'saveLoanProduct');
  const mayFund = staff !== null && roleMayCall(staff.role, 'fundLending');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] }),
    ]);
  const edit = (next: LoanProduct | 'new') => {
    setNotice(null);
    setEditing(next);
  };
  const columns = useColumns(mayEdit ? edit : null);
  const data = products.data;

  return (
    <div className="admin-page" data-testid="loan-products-page">
      <PageHeader title={t('loanProducts.title')}>
        {mayEdit && editing === null && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => edit('new')}
            data-testid="loan-new"
          >
            {t('loanProducts.new')}
          </button>
        )}
      </PageHeader>
      <p className="muted admin-intro">{t('loanProducts.intro')}</p>
      {notice !== null && (
        <div className="alert alert-success" role="status" data-testid="loan-products-notice">
          {notice}
        </div>
      )}
      {editing !== null && (
        <LoanProductForm
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (saved) => {
            await refresh();
            setEditing(null);
            setNotice(t('loanProducts.saved', { name: saved.name }));
          }}
        />
      )}
      <ErrorAlert error={products.error} testId="loan-products-error" />
      {products.isPending ? (
        <Spinner />
      ) : data === undefined ? null : (
        <>
          <Lending
            data={data}
            onFund={
              mayFund
                ? () => {
                    setNotice(null);
                    setFunding(true);
                  }
                : null
            }
          />
          <section className="card admin-card">
            <DataTable
              columns={columns}
              rows={data.list}
              rowKey={(p) => p.id}
              testId="loan-products"
              rowTestId="loan-product"
              empty={t('loanProducts.empty')}
            />
          </section>
        </>
      )}
      {funding && (
        <FundDialog
          title={t('loanProducts.lending.fundTitle')}
          testId="lending-fund-form"
          schema={fundLendingBody}
          fields={loanFieldCodes}
          send={(body) => staffCall('fundLending', { body })}
          onClose={() => setFunding(false)}
          onFunded={async (amount, result) => {
            await refresh();
            setNotice(
              t('loanProducts.lending.funded', {
                amount: amount,
                balance: result.lendingBalance,
              }),
            );
            setFunding(false);
          }}
        />
      )}
    </div>
  );
}
