import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { loanQueueItem } from '../../../../contract/loans/schemas.ts';
import { formatDateTime, formatDay } from '../../../lib/time.ts';
import { StaffImage } from '../../../ui/admin/StaffImage.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { LoanDecision, type Decided } from './LoanDecision.tsx';

export type Item = z.infer<typeof loanQueueItem>;

export function LoanStatus({ status }: { status: Item['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge loans-admin-${status}`} data-status={status}>
      {t(`loanReview.status.${status}`)}
    </span>
  );
}

/** A decided application's outcome: its status, when, and a rejection's reason. */
function Outcome({ item }: { item: Item }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-review-outcome" data-testid="loan-outcome">
      <LoanStatus status={item.status} />
      {item.decidedAt !== null && <span className="muted">{formatDateTime(item.decidedAt)}</span>}
      {item.reasonCode !== null && (
        <span className="admin-reason" data-testid="loan-reason-code" data-code={item.reasonCode}>
          {t(`reviewReason.${item.reasonCode}`, { defaultValue: item.reasonCode })}
        </span>
      )}
    </div>
  );
}

/** One labelled fact; `value` carries the raw figure for tests. */
function Fact({
  name,
  value,
  children,
}: {
  name: string;
  value?: string | number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <dt>{t(`loanReview.field.${name}`)}</dt>
      <dd data-testid={`loan-fact-${name}`} data-value={value ?? undefined}>
        {children}
      </dd>
    </div>
  );
}

/**
 * What the person signed, as the server sealed it: the product's terms and every figure shown
 * before signing, the agreement's version and the hash of all of it; then, once paid out, where
 * the loan stands. Figures are the server's decimal strings, shown as given.
 */
function Facts({ item }: { item: Item }) {
  const { t } = useTranslation('admin');
  const f = item.figures;
  const percent = (value: string) => t('percent', { value });
  const usdt = (value: string | null) => <Amount value={value} asset="USDT" />;
  return (
    <dl className="admin-review-facts" data-testid="loan-facts">
      <Fact name="product" value={item.productId}>
        {item.productName} <span className="muted num">#{item.productId}</span>
      </Fact>
      <Fact name="amount" value={item.amount}>
        {usdt(item.amount)}
      </Fact>
      <Fact name="termDays" value={item.termDays}>
        <span className="num">{item.termDays}</span>
      </Fact>
      <Fact name="dailyRate" value={item.dailyRatePercent}>
        {percent(item.dailyRatePercent)} ({t('loanReview.annual', { value: f.annualPercent })})
      </Fact>
      <Fact name="freeDays" value={item.freeDays}>
        <span className="num">{item.freeDays}</span>
      </Fact>
      <Fact name="totalInterest" value={f.totalInterest}>
        {usdt(f.totalInterest)}
      </Fact>
      <Fact name="totalRepay" value={f.totalRepay}>
        {usdt(f.totalRepay)}
      </Fact>
      <Fact name="overdue" value={item.overdueRatePercent}>
        {percent(item.overdueRatePercent)} ({usdt(f.dailyDamages)})
      </Fact>
      <Fact name="repayBy" value={f.repayBy}>
        <span className="num">{f.repayBy}</span>
      </Fact>
      <Fact name="kycStatus" value={item.kycStatus}>
        {t(`kyc.status.${item.kycStatus}`, { defaultValue: item.kycStatus })}
      </Fact>
      <Fact name="agreementVersion" value={item.agreementVersion}>
        <code className="admin-code">{item.agreementVersion}</code>
      </Fact>
      <Fact name="agreementHash" value={item.agreementHash}>
        <code className="admin-code admin-break">{item.agreementHash}</code>
      </Fact>
      {item.dueDay !== null && <Standing item={item} />}
    </dl>
  );
}

/** A paid-out loan: its days, what has accrued and what repaying costs now. */
function Standing({ item }: { item: Item }) {
  const usdt = (value: string | null) => <Amount value={value} asset="USDT" />;
  return (
    <>
      <Fact name="days" value={item.dueDay}>
        <span>
          {item.firstDay === null ? '—' : formatDay(item.firstDay)} –{' '}
          {item.dueDay === null ? '—' : formatDay(item.dueDay)}
        </span>
      </Fact>
      <Fact name="daysAccrued" value={item.daysAccrued}>
        <span className="num">{item.daysAccrued}</span>
      </Fact>
      <Fact name="interest" value={item.interest}>
        {usdt(item.interest)}
      </Fact>
      <Fact name="damages" value={item.damages}>
        {usdt(item.damages)}
      </Fact>
      {item.owed !== null && (
        <Fact name="owed" value={item.owed}>
          {usdt(item.owed)}
        </Fact>
      )}
      {item.repaidAmount !== null && (
        <Fact name="repaid" value={item.repaidAmount}>
          {usdt(item.repaidAmount)}
          {item.repaidAt !== null && (
            <span className="muted"> {formatDateTime(item.repaidAt)}</span>
          )}
        </Fact>
      )}
    </>
  );
}

/**
 * One application in the queue. Opened, it shows the signed figures beside the signature, and,
 * when the caller claimed it, the decision.
 */
export function LoanItem({
  item,
  open,
  opening,
  error,
  decision,
  onOpen,
  onClose,
}: {
  item: Item;
  open: { until: string | null } | null;
  opening: boolean;
  error: string | null;
  decision: { busy: boolean; error: unknown; decide: (decided: Decided) => void };
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const claimed = open?.until ?? null;
  return (
    <article
      className="card admin-review-item"
      data-testid="loan-row"
      data-status={item.status}
      data-key={item.id}
    >
      <header className="admin-review-head">
        <span className="num">#{item.id}</span>
        <Link to={`/admin/users/${item.userId}`} className="link admin-user-link">
          {item.username}
          <span className="muted num"> #{item.userId}</span>
        </Link>
        <span className="muted">
          {t('loanReview.applied', { at: formatDateTime(item.appliedAt) })}
        </span>
        <span>{item.productName}</span>
        <span data-testid="loan-amount" data-value={item.amount}>
          <Amount value={item.amount} asset="USDT" />
        </span>
        <button
          type="button"
          className="btn btn-small btn-ghost admin-review-toggle"
          disabled={opening}
          onClick={open === null ? onOpen : onClose}
          aria-expanded={open !== null}
          data-testid="loan-open"
        >
          {open !== null
            ? t('loanReview.close')
            : item.status === 'pending'
              ? t('loanReview.review')
              : t('loanReview.view')}
        </button>
      </header>
      {item.status !== 'pending' && <Outcome item={item} />}
      {error !== null && (
        <p className="field-error" role="alert" data-testid="row-error">
          {error}
        </p>
      )}
      {open !== null && (
        <div className="admin-review-panel">
          <Facts item={item} />
          <div className="admin-review-images">
            <StaffImage
              fileId={item.signatureFileId}
              label={t('loanReview.signature')}
              missing={t('loanReview.noSignature')}
              testId="loan-signature"
            />
          </div>
          {claimed !== null && (
            <LoanDecision
              amount={item.amount}
              claimedUntil={claimed}
              busy={decision.busy}
              serverError={decision.error}
              onDecide={decision.decide}
            />
          )}
        </div>
      )}
    </article>
  );
}
