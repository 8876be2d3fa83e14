import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { errorMessage } from '../../../i18n/error-message.ts';
import { useStore } from '../../../state/store.ts';
import { ErrorAlert, PageHeader, Pager } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { formatWait } from '../duration.ts';
import type { Rejection } from './KycDecision.tsx';
import { KycItem, type Item } from './KycItem.tsx';
import './kyc-admin.css';
import { useQueueFilter } from '../../../ui/admin/use-queue-filter.ts';

type Filter = 'pending' | 'verified' | 'rejected';
const FILTERS: readonly [Filter, ...Filter[]] = ['pending', 'verified', 'rejected'];
const PAGE_SIZE = 20;
const QUEUE_KEY = [ADMIN_KEY, 'kyc'] as const;

/**
 * Which submission is open, and the claim and decision on it. Opening a pending one claims it
 * first (another reviewer's claim: 10191, shown on its row); each call refreshes the queue,
 * whoever won a race.
 */
function useReviewing(mayReview: boolean) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ id: number; until: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: number; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
  const claim = useMutation({
    mutationFn: (id: number) => staffCall('claimKyc', { body: { id } }),
    onSuccess: (c) => setOpen({ id: c.id, until: c.until }),
    onError: (err, id) => {
      setRowError({ id, text: errorMessage(t, err) });
      void refresh();
    },
  });
  const review = useMutation({
    mutationFn: (input: { id: number; rejected: Rejection[]; reason: string }) =>
      staffCall('reviewKyc', {
        body: { ...input, decision: input.rejected.length === 0 ? 'approve' : 'reject' },
      }),
    onSuccess: (_r, input) => {
      setOpen(null);
      setNotice(t(input.rejected.length === 0 ? 'kyc.approved' : 'kyc.rejected', { id: input.id }));
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

/** The submissions of one page, each opened in place. */
function QueueList({ list, r }: { list: readonly Item[]; r: Reviewing }) {
  return list.map((item) => (
    <KycItem
      key={item.id}
      item={item}
      open={r.open?.id === item.id ? r.open : null}
      opening={r.claim.isPending && r.claim.variables === item.id}
      error={r.rowError?.id === item.id ? r.rowError.text : null}
      decision={{
        busy: r.review.isPending,
        error: r.review.isError ? r.review.error : null,
        decide: (rejected, reason) => r.review.mutate({ id: item.id, rejected, reason }),
      }}
      onOpen={() => r.openItem(item)}
      onClose={r.close}
    />
  ));
}

/** The queue's recent waits and its status filter. */
function QueueHead({
  waits,
  status,
  onStatus,
}: {
  waits: { medianHours: number; p90Hours: number } | null | undefined;
  status: Filter;
  onStatus: (status: Filter) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <p className="muted admin-intro" data-testid="kyc-waits">
        {waits == null
          ? t('kyc.noWaits')
          : t('kyc.waits', {
              median: formatWait(waits.medianHours, 'short'),
              p90: formatWait(waits.p90Hours, 'short'),
            })}
      </p>
      <div className="tabs admin-filter" role="tablist" aria-label={t('queue.filter')}>
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
            {t(`kyc.status.${f}`)}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * The identity review queue (issue 22): submissions by status, pending oldest first, with the
 * last 30 days' median and p90 waits. Opening a pending one claims it (another reviewer's
 * claim answers 10191) and shows the entered data beside the documents, to approve, or to
 * reject part by part with reasons.
 */
export default function KycQueuePage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const filter = useQueueFilter(FILTERS);
  const { status, page } = filter;
  const queue = useQuery({
    queryKey: [...QUEUE_KEY, status, page],
    queryFn: () => staffCall('listKycQueue', { query: { status, page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const r = useReviewing(staff !== null && roleMayCall(staff.role, 'reviewKyc'));
  const move = (next: { status?: Filter; page?: number }) => {
    r.reset();
    filter.set(next);
  };
  const data = queue.data;
  return (
    <div className="admin-page" data-testid="queue-kyc">
      <PageHeader title={t('kyc.title')} />
      <QueueHead waits={data?.waits} status={status} onStatus={(f) => move({ status: f })} />
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
              {t(`kyc.empty.${status}`)}
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
