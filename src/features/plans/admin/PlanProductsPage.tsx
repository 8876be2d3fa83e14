import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fundReserveBody,
  planFieldCodes,
  type PlanProduct,
} from '../../../../contract/plans/schemas.ts';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { DataTable, ErrorAlert, PageHeader, type Column } from '../../../ui/admin/AdminUi.tsx';
import { FundDialog } from '../../../ui/admin/FundDialog.tsx';
import { ProductStatusBadge } from '../../../ui/admin/ProductStatus.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Figure } from '../../../ui/Figure.tsx';
import { PlanProductForm } from './PlanProductForm.tsx';

const PRODUCTS_KEY = [ADMIN_KEY, 'planProducts'] as const;
const RESERVE = ['balance', 'promised', 'paid7d', 'paid30d'] as const;

/** A figure in a table cell, its raw decimal in `data-value` for tests and copying. */
function Cell({ testId, value, children }: { testId: string; value: string; children: ReactNode }) {
  return (
    <span data-testid={testId} data-value={value}>
      {children}
    </span>
  );
}

function useColumns(actions: (p: PlanProduct) => ReactNode): Column<PlanProduct>[] {
  const { t } = useTranslation('admin');
  const percent = (value: string) => t('percent', { value });
  return [
    {
      id: 'product',
      header: t('plans.col.product'),
      cell: (p) => (
        <span className="admin-stack">
          <strong data-testid="plan-product-name">{p.name}</strong>
          <span className="muted num">#{p.id}</span>
          <ProductStatusBadge status={p.status} />
        </span>
      ),
    },
    {
      id: 'range',
      header: t('plans.col.range'),
      numeric: true,
      cell: (p) => (
        <span className="admin-nowrap">
          <Amount value={p.minAmount} /> – <Amount value={p.maxAmount} asset={p.asset} />
        </span>
      ),
    },
    {
      id: 'cycle',
      header: t('plans.col.cycleDays'),
      numeric: true,
      cell: (p) => <span className="num">{p.cycleDays}</span>,
    },
    {
      id: 'rate',
      header: t('plans.col.dailyRate'),
      numeric: true,
      cell: (p) => (
        <Cell testId="plan-product-dailyRate" value={p.dailyRatePercent}>
          {percent(p.dailyRatePercent)}
        </Cell>
      ),
    },
    {
      id: 'limit',
      header: t('plans.col.purchaseLimit'),
      numeric: true,
      cell: (p) => <span className="num">{p.purchaseLimit}</span>,
    },
    {
      id: 'penalty',
      header: t('plans.col.exitPenalty'),
      numeric: true,
      cell: (p) => (
        <Cell testId="plan-product-exitPenalty" value={p.exitPenaltyPercent}>
          {percent(p.exitPenaltyPercent)}
        </Cell>
      ),
    },
    ...RESERVE.map((f): Column<PlanProduct> => ({
      id: f,
      header: t(`plans.reserve.${f}`),
      numeric: true,
      cell: (p) => (
        <Cell testId={`plan-reserve-${f}`} value={p.reserve[f]}>
          <Amount value={p.reserve[f]} />
        </Cell>
      ),
    })),
    {
      id: 'source',
      header: t('plans.col.yieldSource'),
      cell: (p) => <span className="admin-reason admin-break">{p.yieldSource}</span>,
    },
    { id: 'actions', header: t('plans.col.actions'), cell: actions },
  ];
}

/** The reserve a funding goes into, as it stands before it. */
function ReserveNow({ product }: { product: PlanProduct }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="admin-maker-figures">
      {RESERVE.map((f) => (
        <Figure key={f} label={t(`plans.reserve.${f}`)} value={product.reserve[f]}>
          <Amount value={product.reserve[f]} asset={product.asset} />
        </Figure>
      ))}
    </dl>
  );
}

/**
 * Smart plan products in the back office (docs/plans.md): every product, paused ones too, with
 * its terms and its reserve as the ledger has it (balance, yield promised to open plans, paid in
 * the last 7 and 30 days). Admins create and change products and fund a product's reserve from
 * the operator's capital; each with a reason in the audit log.
 */
export default function PlanProductsPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const products = useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: () => staffCall('adminListSmartProducts'),
  });
  const [editing, setEditing] = useState<PlanProduct | 'new' | null>(null);
  const [funding, setFunding] = useState<PlanProduct | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mayEdit = staff !== null && roleMayCall(staff.role, 'saveSmartProduct');
  const mayFund = staff !== null && roleMayCall(staff.role, 'fundSmartReserve');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] }),
    ]);
  const open = (next: { editing?: PlanProduct | 'new'; funding?: PlanProduct }) => {
    setNotice(null);
    setEditing(next.editing ?? null);
    setFunding(next.funding ?? null);
  };

  const columns = useColumns((p) => (
    <div className="admin-actions">
      {mayEdit && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => open({ editing: p })}
          data-testid="plan-edit"
        >
          {t('plans.edit')}
        </button>
      )}
      {mayFund && (
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => open({ funding: p })}
          data-testid="plan-fund"
        >
          {t('plans.fund')}
        </button>
      )}
    </div>
  ));

  return (
    <div className="admin-page" data-testid="plan-products-page">
      <PageHeader title={t('plans.title')}>
        {mayEdit && editing === null && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => open({ editing: 'new' })}
            data-testid="plan-new"
          >
            {t('plans.new')}
          </button>
        )}
      </PageHeader>
      <p className="muted admin-intro">
        {t('plans.intro')}
        {products.data !== undefined && ` ${t('plans.timeZone', { zone: products.data.timeZone })}`}
      </p>
      {notice !== null && (
        <div className="alert alert-success" role="status" data-testid="plan-notice">
          {notice}
        </div>
      )}
      {editing !== null && (
        <PlanProductForm
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (saved) => {
            await refresh();
            setEditing(null);
            setNotice(t('plans.saved', { name: saved.name }));
          }}
        />
      )}
      <ErrorAlert error={products.error} testId="plan-products-error" />
      {products.isPending ? (
        <Spinner />
      ) : products.data === undefined ? null : (
        <section className="card admin-card">
          <DataTable
            columns={columns}
            rows={products.data.list}
            rowKey={(p) => p.id}
            testId="plan-products"
            rowTestId="plan-product"
            empty={t('plans.empty')}
          />
        </section>
      )}
      {funding !== null && (
        <FundDialog
          title={t('plans.fundTitle', { name: funding.name })}
          testId="plan-fund-form"
          schema={fundReserveBody}
          fields={planFieldCodes}
          base={{ productId: funding.id }}
          send={(body) => staffCall('fundSmartReserve', { body })}
          onClose={() => setFunding(null)}
          onFunded={async (amount, product) => {
            await refresh();
            setNotice(
              t('plans.funded', {
                name: product.name,
                amount: amount,
                balance: product.reserve.balance,
              }),
            );
            setFunding(null);
          }}
        >
          <ReserveNow product={funding} />
        </FundDialog>
      )}
    </div>
  );
}
