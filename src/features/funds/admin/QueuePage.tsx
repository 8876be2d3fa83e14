import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { depositQueue, withdrawalQueue } from '../../../../contract/admin/schemas.ts';
import { Code } from '../../../../contract/errors.ts';
import {
  DEPOSIT_REJECT_REASONS,
  WITHDRAWAL_REJECT_REASONS,
} from '../../../../contract/funds/review-reasons.ts';
import { REVIEW_LIMITS } from '../../../../contract/review.ts';
import type { FundingStatus } from '../../../../contract/funds/schemas.ts';
import {
  ADMIN_KEY,
  roleMayCall,
  staffCall,
  staffFile,
  staffSession,
} from '../../../api/staff-session.ts';
import { errorMessage } from '../../../i18n/error-message.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useStore } from '../../../state/store.ts';
import {
  DataTable,
  ErrorAlert,
  PageHeader,
  Pager,
  StatusBadge,
  type Column,
} from '../../../ui/admin/AdminUi.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { ChainCheckNote } from '../ChainCheckNote.tsx';

type Kind = 'deposits' | 'withdrawals';
type DepositQueue = z.infer<typeof depositQueue>;
type WithdrawalQueue = z.infer<typeof withdrawalQueue>;
type DepositItem = DepositQueue['list'][number];
type WithdrawalItem = WithdrawalQueue['list'][number];
type Decision = 'approve' | 'reject';

/** The statuses a reviewer filters by ("failed" is not reached by review). */
const FILTERS = ['pending', 'approved', 'rejected'] as const satisfies readonly FundingStatus[];
const PAGE_SIZE = 20;
const QUEUE_KEY = [ADMIN_KEY, 'queue'] as const;

function useQueue(kind: Kind, status: FundingStatus, page: number) {
  return useQuery({
    queryKey: [...QUEUE_KEY, kind, status, page],
    queryFn: (): Promise<DepositQueue | WithdrawalQueue> =>
      kind === 'deposits'
        ? staffCall('listDepositQueue', { query: { status, page, size: PAGE_SIZE } })
        : staffCall('listWithdrawalQueue', { query: { status, page, size: PAGE_SIZE } }),
    // While the next page loads the last one stays, but never a deposit list as withdrawals.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? keepPreviousData(previous) : undefined,
  });
}

/** A long hash or address shortened in the middle; the full text stays in a title. */
function middleEllipsis(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

function UserCell({ userId, username }: { userId: number; username: string }) {
  return (
    <Link to={`/admin/users/${userId}`} className="link admin-user-link">
      {username}
      <span className="muted num"> #{userId}</span>
    </Link>
  );
}

/** The review outcome once a request left the queue: who decided is in the audit log. */
function Outcome({
  item,
}: {
  item: {
    status: FundingStatus;
    reason: string | null;
    reasonCode: string | null;
    reviewedAt: string | null;
  };
}) {
  const { t } = useTranslation('admin');
  const code = item.reasonCode === null || item.reasonCode === 'other' ? null : item.reasonCode;
  return (
    <span className="admin-outcome">
      <StatusBadge status={item.status} />
      {item.reviewedAt !== null && <span className="muted">{formatDateTime(item.reviewedAt)}</span>}
      {code !== null && (
        <span className="admin-reason" data-testid="review-reason-code" data-code={code}>
          {t(`reviewReason.${code}`)}
        </span>
      )}
      {item.reason !== null && item.reason !== '' && (
        <span className="admin-reason" data-testid="review-reason">
          {item.reason}
        </span>
      )}
    </span>
  );
}

/**
 * The deposit or withdrawal review queue: pending requests oldest first, a status filter,
 * paging, the proof of a deposit, and approve / reject (with a reason the person sees).
 */
export default function QueuePage({ kind }: { kind: Kind }) {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status: FundingStatus = FILTERS.find((f) => f === params.get('status')) ?? 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const queue = useQueue(kind, status, page);
  const [proof, setProof] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<{ id: number; label: string } | null>(null);
  // Approving moves money: the reviewer confirms, seeing whose and how much.
  const [approving, setApproving] = useState<DepositItem | WithdrawalItem | null>(null);
  // The last review's message belongs to the filter and page it was made on.
  const view = `${status}/${page}`;
  const [message, setMessage] = useState<{
    view: string;
    notice?: string;
    error?: { id: number; text: string };
  } | null>(null);
  const notice = message?.view === view ? (message.notice ?? null) : null;
  const rowError = message?.view === view ? (message.error ?? null) : null;
  const mayReview = staff !== null && roleMayCall(staff.role, 'reviewDeposit');

  // Opening a decision claims the row, so two reviewers never work one (10191 otherwise).
  const claim = useMutation({
    mutationFn: (item: { id: number }): Promise<unknown> =>
      kind === 'deposits'
        ? staffCall('claimDeposit', { body: { id: item.id } })
        : staffCall('claimWithdrawal', { body: { id: item.id } }),
    onError: (err, item) => {
      setMessage({ view, error: { id: item.id, text: errorMessage(t, err) } });
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });

  const review = useMutation({
    mutationFn: (input: {
      id: number;
      decision: Decision;
      reasonCode?: string;
      reason: string;
    }): Promise<unknown> =>
      kind === 'deposits'
        ? staffCall('reviewDeposit', { body: input })
        : staffCall('reviewWithdrawal', { body: input }),
    onSuccess: (_result, input) => {
      setRejecting(null);
      setApproving(null);
      setMessage({
        view,
        notice: t(`queue.${kind}.${input.decision === 'approve' ? 'approved' : 'rejected'}`, {
          id: input.id,
        }),
      });
    },
    onError: (err, input) => {
      // A rejection's refusal shows in its dialog; an approval's beside the queue.
      if (input.decision === 'approve') {
        setApproving(null);
        setMessage({ view, error: { id: input.id, text: errorMessage(t, err) } });
      }
    },
    // Another reviewer may have decided meanwhile (10131): the queue is refreshed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });

  function setFilter(next: Partial<{ status: FundingStatus; page: number }>) {
    const s = next.status ?? status;
    const p = next.page ?? (next.status === undefined ? page : 1);
    const q = new URLSearchParams();
    if (s !== 'pending') q.set('status', s);
    if (p > 1) q.set('page', String(p));
    setParams(q);
  }

  const busyId = review.isPending
    ? review.variables.id
    : claim.isPending
      ? claim.variables.id
      : null;
  const actions = (item: DepositItem | WithdrawalItem) => (
    <div className="admin-actions">
      {'proofId' in item && typeof item.proofId === 'string' && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setProof(item.proofId)}
          data-testid="view-proof"
        >
          {t('queue.viewProof')}
        </button>
      )}
      {mayReview && item.status === 'pending' && (
        <>
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={busyId !== null}
            onClick={() => {
              review.reset();
              claim.mutate(item, { onSuccess: () => setApproving(item) });
            }}
            data-testid="approve"
          >
            {t('queue.approve')}
          </button>
          <button
            type="button"
            className="btn btn-small admin-btn-danger"
            disabled={busyId !== null}
            onClick={() => {
              review.reset();
              claim.mutate(item, {
                onSuccess: () =>
                  setRejecting({ id: item.id, label: t(`queue.${kind}.one`, { id: item.id }) }),
              });
            }}
            data-testid="reject"
          >
            {t('queue.reject')}
          </button>
        </>
      )}
      {rowError?.id === item.id && (
        <span className="field-error" role="alert" data-testid="row-error">
          {rowError.text}
        </span>
      )}
    </div>
  );

  const common = {
    id: {
      id: 'id',
      header: t('queue.col.id'),
      cell: (r: { id: number }) => <span className="num">#{r.id}</span>,
    },
    user: {
      id: 'user',
      header: t('queue.col.user'),
      cell: (r: { userId: number; username: string }) => (
        <UserCell userId={r.userId} username={r.username} />
      ),
    },
    created: {
      id: 'created',
      header: t('queue.col.created'),
      cell: (r: { createdAt: string }) => (
        <span className="admin-nowrap">{formatDateTime(r.createdAt)}</span>
      ),
    },
  };
  const outcomeColumn = {
    id: 'status',
    header: t('queue.col.status'),
    cell: (r: Parameters<typeof Outcome>[0]['item']) => <Outcome item={r} />,
  };

  const depositColumns: Column<DepositItem>[] = [
    common.id,
    common.user,
    { id: 'asset', header: t('queue.col.asset'), cell: (r) => r.asset },
    { id: 'network', header: t('queue.col.network'), cell: (r) => t(`network.${r.network}`) },
    {
      id: 'amount',
      header: t('queue.col.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} />,
    },
    {
      id: 'txHash',
      header: t('queue.col.txHash'),
      cell: (r) => (
        <code className="admin-code" title={r.txHash}>
          {middleEllipsis(r.txHash)}
        </code>
      ),
    },
    {
      id: 'last6',
      header: t('queue.col.last6'),
      cell: (r) => <code className="admin-code">{r.last6 ?? '—'}</code>,
    },
    {
      id: 'to',
      header: t('queue.col.to'),
      cell: (r) => (
        <span className="admin-stack">
          <code className="admin-code" title={r.depositAddress}>
            {middleEllipsis(r.depositAddress)}
          </code>
          {r.source === 'found' && <span className="muted">{t('queue.found')}</span>}
        </span>
      ),
    },
    { id: 'chain', header: t('queue.col.chain'), cell: (r) => <ChainColumn deposit={r} /> },
    common.created,
    ...(status === 'pending' ? [] : [outcomeColumn]),
    { id: 'actions', header: t('queue.col.actions'), cell: actions },
  ];

  const withdrawalColumns: Column<WithdrawalItem>[] = [
    common.id,
    common.user,
    { id: 'asset', header: t('queue.col.asset'), cell: (r) => r.asset },
    {
      id: 'method',
      header: t('queue.col.method'),
      cell: (r) =>
        r.method === 'bank'
          ? t('method.bank')
          : r.network === null
            ? t('method.crypto')
            : t(`network.${r.network}`),
    },
    {
      id: 'amount',
      header: t('queue.col.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} />,
    },
    {
      id: 'fee',
      header: t('queue.col.fee'),
      numeric: true,
      cell: (r) => (
        <span className="admin-stack">
          <Amount value={r.fee} />
          <span className="muted">{t('queue.feeRate', { rate: r.feeRate })}</span>
        </span>
      ),
    },
    {
      id: 'received',
      header: t('queue.col.received'),
      numeric: true,
      cell: (r) => <Amount value={r.received} />,
    },
    {
      id: 'destination',
      header: t('queue.col.destination'),
      cell: (r) =>
        r.method === 'bank' ? (
          <span className="admin-stack">
            <code className="admin-code">{r.iban}</code>
            <span>{r.accountName}</span>
            <span className="muted">
              {r.bankName}
              {r.bankAddress !== null && ` · ${r.bankAddress}`}
            </span>
          </span>
        ) : (
          <code className="admin-code admin-break">{r.address}</code>
        ),
    },
    common.created,
    ...(status === 'pending' ? [] : [outcomeColumn]),
    { id: 'actions', header: t('queue.col.actions'), cell: actions },
  ];

  const data = queue.data;
  return (
    <div className="admin-page" data-testid={`queue-${kind}`}>
      <PageHeader title={t(`queue.${kind}.title`)} />
      <div className="tabs admin-filter" role="tablist" aria-label={t('queue.filter')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            className="tab"
            aria-selected={f === status}
            onClick={() => setFilter({ status: f })}
            data-testid={`filter-${f}`}
          >
            {t(`status.${f}`)}
          </button>
        ))}
      </div>
      {notice !== null && (
        <div className="alert alert-success" role="status" data-testid="queue-notice">
          {notice}
        </div>
      )}
      <ErrorAlert error={queue.error} testId="queue-error" />
      {queue.isPending ? (
        <Spinner />
      ) : data === undefined ? null : (
        <section className="card admin-card">
          <p className="muted admin-count" data-testid="queue-total">
            {t('queue.total', { count: data.total })}
          </p>
          {kind === 'deposits' ? (
            <DataTable
              columns={depositColumns}
              rows={data.list as DepositItem[]}
              rowKey={(r) => r.id}
              testId="queue-table"
              rowTestId="queue-row"
              empty={t(`queue.empty.${status}`)}
            />
          ) : (
            <DataTable
              columns={withdrawalColumns}
              rows={data.list as WithdrawalItem[]}
              rowKey={(r) => r.id}
              testId="queue-table"
              rowTestId="queue-row"
              empty={t(`queue.empty.${status}`)}
            />
          )}
          <Pager
            page={page}
            total={data.total}
            size={PAGE_SIZE}
            onPage={(p) => setFilter({ page: p })}
          />
        </section>
      )}
      {proof !== null && <ProofModal proofId={proof} onClose={() => setProof(null)} />}
      {approving !== null && (
        <ApproveModal
          kind={kind}
          item={approving}
          busy={review.isPending}
          onClose={() => setApproving(null)}
          onApprove={() => review.mutate({ id: approving.id, decision: 'approve', reason: '' })}
        />
      )}
      {rejecting !== null && (
        <RejectModal
          reasons={kind === 'deposits' ? DEPOSIT_REJECT_REASONS : WITHDRAWAL_REJECT_REASONS}
          label={rejecting.label}
          busy={review.isPending}
          serverError={
            review.isError && review.variables.decision === 'reject' ? review.error : null
          }
          onClose={() => setRejecting(null)}
          onReject={(reasonCode, reason) =>
            review.mutate({ id: rejecting.id, decision: 'reject', reasonCode, reason })
          }
        />
      )}
    </div>
  );
}

/**
 * Where a deposit's on-chain check stands; one the chain never read (a network the server
 * cannot read, or no chain configured) is marked plainly: only the proof speaks for it. A
 * payment already credited to another deposit says to whom.
 */
function ChainColumn({ deposit }: { deposit: DepositItem }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-stack">
      {deposit.chainCheck === 'none' ? (
        <span className="admin-unverified" data-testid="unverified">
          {t('queue.unverified')}
        </span>
      ) : (
        <ChainCheckNote deposit={deposit} />
      )}
      {deposit.credited.map((c) => (
        <span key={c.depositId} className="admin-credited" data-testid="already-credited">
          {t('queue.credited', { user: `${c.username} #${c.userId}`, id: c.depositId })}
        </span>
      ))}
    </div>
  );
}

/** Names the person and the amount that moves before an approval is sent. */
function ApproveModal({
  kind,
  item,
  busy,
  onClose,
  onApprove,
}: {
  kind: Kind;
  item: DepositItem | WithdrawalItem;
  busy: boolean;
  onClose: () => void;
  onApprove: () => void;
}) {
  const { t } = useTranslation('admin');
  const user = `${item.username} #${item.userId}`;
  let body: string;
  let unverified = false;
  let credited: DepositItem['credited'] = [];
  if (kind === 'deposits' && 'txHash' in item) {
    // What the server credits: what the chain showed, where it read a different amount.
    body = t('approve.deposit', {
      amount: item.chainAmount ?? item.amount,
      asset: item.asset,
      user,
    });
    unverified = item.chainCheck !== 'verified' && item.chainAmount === null;
    credited = item.credited;
  } else {
    const w = item as WithdrawalItem;
    body = t('approve.withdrawal', {
      received: w.received,
      amount: w.amount,
      fee: w.fee,
      asset: w.asset,
      destination: w.method === 'bank' ? (w.iban ?? '') : (w.address ?? ''),
      user,
    });
  }
  return (
    <Modal
      title={t('approve.title', { label: t(`queue.${kind}.one`, { id: item.id }) })}
      onClose={onClose}
    >
      <div data-testid="approve-dialog">
        <p className="admin-modal-text">{body}</p>
        {unverified && (
          <p className="admin-unverified" role="note">
            {t('approve.unverified')}
          </p>
        )}
        {credited.map((c) => (
          <p
            key={c.depositId}
            className="admin-credited"
            role="note"
            data-testid="approve-credited"
          >
            {t('approve.credited', { user: `${c.username} #${c.userId}`, id: c.depositId })}
          </p>
        ))}
        <div className="admin-modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={onApprove}
            data-testid="approve-confirm"
            autoFocus
          >
            {t('queue.approve')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A rejection names a reason from the catalogue (the person reads it in their language) and may
 * add a note; with "Other" the note is the reason, 3 to 500 characters.
 */
function RejectModal({
  reasons,
  label,
  busy,
  serverError,
  onClose,
  onReject,
}: {
  reasons: readonly string[];
  label: string;
  busy: boolean;
  serverError: unknown;
  onClose: () => void;
  onReject: (reasonCode: string, note: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = reason.trim();
    const noteNeeded = code === 'other' && trimmed.length < 3;
    if (code === '' || noteNeeded || trimmed.length > REVIEW_LIMITS.noteMax) {
      setLocalError(t(`errors:${Code.reasonRequired}`));
      return;
    }
    setLocalError(null);
    onReject(code, trimmed);
  }

  const error = localError ?? (serverError === null ? null : errorMessage(t, serverError));
  return (
    <Modal title={t('reject.title', { label })} onClose={onClose}>
      <form onSubmit={submit} noValidate data-testid="reject-form">
        <p className="muted admin-modal-text">{t('reject.body')}</p>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-code`}>
            {t('reject.reasonCode')}
          </label>
          <select
            id={`${id}-code`}
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            data-testid="reject-code"
            autoFocus
          >
            <option value="">{t('reject.choose')}</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {t(`reviewReason.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {t('reject.note')}
          </label>
          <textarea
            id={id}
            className="input admin-textarea"
            value={reason}
            maxLength={REVIEW_LIMITS.noteMax}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error === null ? undefined : true}
            aria-describedby={error === null ? undefined : `${id}-error`}
            data-testid="reject-reason"
          />
          <span className="field-hint">
            {t('reject.count', { length: reason.trim().length, max: REVIEW_LIMITS.noteMax })}
          </span>
          {error !== null && (
            <span
              id={`${id}-error`}
              className="field-error"
              role="alert"
              data-testid="reject-error"
            >
              {error}
            </span>
          )}
        </div>
        <div className="admin-modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="btn admin-btn-danger"
            disabled={busy}
            data-testid="reject-confirm"
          >
            {t('queue.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The deposit's proof image, fetched with the staff token. It is shown as a data: URL, which
 * the server's Content-Security-Policy allows for images (blob: URLs are not).
 */
function ProofModal({ proofId, onClose }: { proofId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let cancelled = false;
    staffFile('getProof', { params: { id: proofId } })
      .then(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(reader.error ?? new Error('read failed'));
            reader.readAsDataURL(blob);
          }),
      )
      .then(
        (url) => !cancelled && setSrc(url),
        (err: unknown) => !cancelled && setError(err),
      );
    return () => {
      cancelled = true;
    };
  }, [proofId]);
  return (
    <Modal title={t('proof.title')} onClose={onClose}>
      <div className="admin-proof" data-testid="proof-modal">
        <ErrorAlert error={error} />
        {src === null && error === null && <Spinner />}
        {src !== null && <img src={src} alt={t('proof.alt')} data-testid="proof-image" />}
      </div>
    </Modal>
  );
}
