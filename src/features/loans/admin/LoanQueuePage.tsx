import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { errorMessage } from '../../../i18n/error-message.ts';
import { useStore } from '../../../state/store.ts';
import { ErrorAlert, PageHeader, Pager } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import type { Decided } from './LoanDecision.tsx';
import { LoanItem, type Item } from './LoanItem.tsx';
import './loans-admin.css';
import { useQueueFilter } from '../../../ui/admin/use-queue-filter.ts';

type Filter = Item['status'];
/** The queue's statuses (contract/loans/schemas.ts loanQueueQuery), pending first. */
const FILTERS: readonly [Filter, ...Filter[]] = [
  'pending',
  'repaying',
  'expired',
  'repaid',
  'rejected',
];
const PAGE_SIZE = 20;
const QUEUE_KEY = [ADMIN_KEY, 'loans'] as const;

/**
 * Which application is open, and the claim and decision on it. Opening a pending one claims it
 * first (another reviewer's claim: 10191, shown on its row); each call refreshes the queue,
 * whoever won a race. An approval pays out of the lending account, so its figures change too.
 */
function useReviewing(mayReview: boolean) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ id: number; until: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: number; text: string } | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'loanProducts'] }),
    ]);
  const claim = useMutation({
    mutationFn: (id: number) => staffCall('claimLoan', { body: { id } }),
    onSuccess: (c) => setOpen({ id: c.id, until: c.until }),
    onError: (err, id) => {
      setRowError({ id, text: errorMessage(t, err) });
      void refresh();
    },
  });
  const review = useMutation({
    mutationFn: ({ id, decided }: { id: number; decided: Decided }) =>
      staffCall('reviewLoan', {
        body:
          decided.decision === 'approve'
            ? { id, decision: 'approve', reason: '' }
            : { id, decision: 'reject', reasonCode: decided.reasonCode, reason: decided.note },
      }),
    onSuccess: (_r, { id, decided }) => {
      setOpen(null);
      setNotice(
        t(decided.decision === 'approve' ? 'loanReview.approved' : 'loanReview.rejected', { id }),
      );
    },
    onSettled: () => refresh(),
  });
  function openItem(item: Item) {
    setNotice(null);
    setRowError(null);
    review.reset();
    if (item.status === 'pending' && mayReview) claim.mutate(item.id);
    else setOpen({ id: item.id, until: null });
  }
  function reset() {
    setOpen(null);
    setNotice(null);
  }
  return { open, notice, rowError, claim, review, openItem, close: () => setOpen(null), reset };
}
type Reviewing = ReturnType<typeof useReviewing>;

/** The applications of one page, each opened in place. */
function QueueList({ list, r }: { list: readonly Item[]; r: Reviewing }) {
  return list.map((item) => (
    <LoanItem
      key={item.id}
      item={item}
      open={r.open?.id === item.id ? r.open : null}
      opening={r.claim.isPending && r.claim.variables === item.id}
      error={r.rowError?.id === item.id ? r.rowError.text : null}
      decision={{
        busy: r.review.isPending,
        error: r.review.isError ? r.review.error : null,
        decide: (decided) => r.review.mutate({ id: item.id, decided }),
      }}
      onOpen={() => r.openItem(item)}
      onClose={r.close}
    />
  ));
}

/** The status filter. */
function QueueHead({ status, onStatus }: { status: Filter; onStatus: (status: Filter) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      className="tabs admin-filter loans-admin-filter"
      role="tablist"
      aria-label={t('queue.filter')}
    >
      {FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          role="tab"
          className="tab"
          aria-selected={f === status}
          onClick={() => onStatus(f)}
          data-testid={`filter-${f}`}
        >
          {t(`loanReview.status.${f}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The loan application queue (docs/loans.md): applications by status, pending oldest first.
 * Opening a pending one claims it (another reviewer's claim answers 10191) and shows what the
 * person signed (figures, agreement version and hash) beside their signature, to approve (the
 * amount is paid out of the lending account at once) or to reject with a reason.
 */
export default function LoanQueuePage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const filter = useQueueFilter(FILTERS);
  const { status, page } = filter;
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, status, page],
    queryFn: () => staffCall('listLoanQueue', { query: { status, page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const r = useReviewing(staff !== null && roleMayCall(staff.role, 'reviewLoan'));
  const move = (next: { status?: Filter; page?: number }) => {
    r.reset();
    filter.set(next);
  };
  const data = queue.data;
  return (
    <div className="admin-page" data-testid="queue-loans">
      <PageHeader title={t('loanReview.title')} />
      <p className="muted admin-intro">{t('loanReview.intro')}</p>
      <QueueHead status={status} onStatus={(f) => move({ status: f })} />
      {r.notice !== null && (
        <div className="alert alert-success" role="status" data-testid="queue-notice">
          {r.notice}
        </div>
      )}
      <ErrorAlert error={queue.error} testId="queue-error" />
      {queue.isPending ? (
        <Spinner />
      ) : data === undefined ? null : (
        <section className="admin-card">
          <p className="muted admin-count" data-testid="queue-total">
            {t('queue.total', { count: data.total })}
          </p>
          {data.list.length === 0 && (
            <p className="admin-empty muted" data-testid="queue-empty">
              {t(`loanReview.empty.${status}`)}
            </p>
          )}
          <QueueList list={data.list} r={r} />
          <Pager
            page={page}
            total={data.total}
            size={PAGE_SIZE}
            onPage={(p) => move({ page: p })}
          />
        </section>
      )}
    </div>
  );
}
