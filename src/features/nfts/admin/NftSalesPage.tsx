import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nftFieldCodes,
  SALE_STATUSES,
  withdrawSaleBody,
  type AdminSale,
} from '../../../../contract/nfts/schemas.ts';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useStore } from '../../../state/store.ts';
import {
  DataTable,
  ErrorAlert,
  PageHeader,
  Pager,
  ReasonField,
  SaveActions,
  useAdminForm,
  type Column,
} from '../../../ui/admin/AdminUi.tsx';
import { useQueueFilter } from '../../../ui/admin/use-queue-filter.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { SaleForm } from './SaleForm.tsx';

const SALES_KEY = [ADMIN_KEY, 'nftSales'] as const;
const SIZE = 20;

function useColumns(actions: (s: AdminSale) => ReactNode): Column<AdminSale>[] {
  const { t } = useTranslation('admin');
  const percent = (value: string) => t('percent', { value });
  return [
    {
      id: 'nft',
      header: t('nftSales.col.nft'),
      cell: (s) => (
        <span className="admin-stack">
          <strong>{s.nftName}</strong>
          <span className="muted num">#{s.id}</span>
          <span data-testid="nft-sale-status">{t(`nftSales.status.${s.status}`)}</span>
        </span>
      ),
    },
    {
      id: 'price',
      header: t('nftSales.col.price'),
      numeric: true,
      cell: (s) => (
        <span data-testid="nft-sale-price" data-value={s.finalPrice ?? s.currentBid ?? ''}>
          {(s.finalPrice ?? s.currentBid) ? (
            <Amount value={s.finalPrice ?? s.currentBid ?? '0'} asset="USDT" />
          ) : (
            <span className="muted">
              {t('nftSales.from')} <Amount value={s.startPrice} asset="USDT" />
            </span>
          )}
        </span>
      ),
    },
    { id: 'bids', header: t('nftSales.col.bids'), numeric: true, cell: (s) => s.bids },
    {
      id: 'split',
      header: t('nftSales.col.split'),
      cell: (s) =>
        [s.split.charityPercent, s.split.creatorPercent, s.split.feePercent]
          .map(percent)
          .join(' / '),
    },
    {
      id: 'donated',
      header: t('nftSales.col.donated'),
      numeric: true,
      cell: (s) => <Amount value={s.donated} asset="USDT" />,
    },
    {
      id: 'ends',
      header: t('nftSales.col.ends'),
      cell: (s) => <time dateTime={s.endsAt}>{formatDateTime(s.endedAt ?? s.endsAt)}</time>,
    },
    { id: 'by', header: t('nftSales.col.by'), cell: (s) => s.createdBy },
    { id: 'actions', header: t('nftSales.col.actions'), cell: actions },
  ];
}

/** Withdrawing a sale: its reason, and the leading bid released. */
function WithdrawForm(p: { sale: AdminSale; onCancel: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('admin');
  const form = useAdminForm();
  const id = useId();
  const [reason, setReason] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(withdrawSaleBody, { saleId: p.sale.id, reason }, nftFieldCodes);
    if (body === null) return;
    await form.run(async () => {
      await staffCall('withdrawNftSale', { body });
      await p.onDone();
    });
  }
  const formError = form.formError(['reason']);
  return (
    <section className="card admin-card" data-testid="nft-withdraw-form">
      <h2 className="admin-section-title">
        {t('nftSales.withdrawTitle', { name: p.sale.nftName })}
      </h2>
      <p className="muted admin-modal-text">{t('nftSales.withdrawText')}</p>
      {formError !== null && <div className="alert alert-error">{formError}</div>}
      <form onSubmit={submit} noValidate>
        <ReasonField
          id={`${id}-reason`}
          value={reason}
          onChange={setReason}
          error={form.fieldError('reason')}
          testId="nft-withdraw-reason"
        />
        <SaveActions busy={form.busy} onCancel={p.onCancel} saveTestId="nft-withdraw-save" />
      </form>
    </section>
  );
}

/**
 * Charity NFT sales in the back office (docs/nfts.md): every sale with its state, price and
 * donation; admins put an NFT on sale and withdraw an open one, each with a reason.
 */
export default function NftSalesPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const filter = useQueueFilter(SALE_STATUSES);
  const sales = useQuery({
    queryKey: [...SALES_KEY, filter.status, filter.page],
    queryFn: () =>
      staffCall('adminListNftSales', {
        query: { status: filter.status, page: filter.page, size: SIZE },
      }),
  });
  const [creating, setCreating] = useState(false);
  const [withdrawing, setWithdrawing] = useState<AdminSale | null>(null);
  const mayEdit = staff !== null && roleMayCall(staff.role, 'saveNftSale');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SALES_KEY }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'nftCatalogue'] }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] }),
    ]);
  const columns = useColumns((s) =>
    mayEdit && s.status === 'open' ? (
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => setWithdrawing(s)}
        data-testid="nft-sale-withdraw"
      >
        {t('nftSales.withdraw')}
      </button>
    ) : null,
  );
  return (
    <div className="admin-page" data-testid="nft-sales-page">
      <PageHeader title={t('nftSales.title')}>
        {mayEdit && !creating && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setCreating(true)}
            data-testid="nft-sale-new"
          >
            {t('nftSales.new')}
          </button>
        )}
      </PageHeader>
      <p className="muted admin-intro">{t('nftSales.intro')}</p>
      {creating && (
        <SaleForm
          onCancel={() => setCreating(false)}
          onSaved={async () => {
            await refresh();
            setCreating(false);
            filter.set({ status: 'open' });
          }}
        />
      )}
      {withdrawing !== null && (
        <WithdrawForm
          sale={withdrawing}
          onCancel={() => setWithdrawing(null)}
          onDone={async () => {
            await refresh();
            setWithdrawing(null);
          }}
        />
      )}
      <div className="tabs admin-filter" role="tablist" aria-label={t('nftSales.filter')}>
        {SALE_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            className="tab"
            aria-selected={filter.status === s}
            onClick={() => filter.set({ status: s })}
            data-testid={`nft-sales-filter-${s}`}
          >
            {t(`nftSales.status.${s}`)}
          </button>
        ))}
      </div>
      <ErrorAlert error={sales.error} testId="nft-sales-error" />
      {sales.isPending ? (
        <Spinner />
      ) : sales.data === undefined ? null : (
        <section className="card admin-card">
          <DataTable
            columns={columns}
            rows={sales.data.list}
            rowKey={(s) => s.id}
            testId="nft-sales"
            rowTestId="nft-sale"
            empty={t('nftSales.empty')}
          />
          <Pager
            page={filter.page}
            size={SIZE}
            total={sales.data.total}
            onPage={(page) => filter.set({ page })}
          />
        </section>
      )}
    </div>
  );
}
