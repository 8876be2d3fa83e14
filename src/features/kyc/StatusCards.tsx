import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_LIMITS, type KycState } from '../../../contract/kyc/schemas.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { formatWait } from './duration.ts';

const MINUTE_MS = 60_000;

/** The clock, moved on each minute: the time left is shown to the minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS / 2);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Submitted: the 48 hour promise (SPEC §1), the time left of it, and the recent waits. */
export function PendingCard({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const now = useNow();
  const left = state.reviewBy === null ? null : Date.parse(state.reviewBy) - now;
  const wait = state.expectedWait;
  return (
    <section className="card kyc-card" data-testid="kyc-pending">
      <h2 className="section-title">{t('pending.title', { hours: KYC_LIMITS.reviewHours })}</h2>
      {state.submission !== null && (
        <p className="muted">
          {t('pending.submitted', { at: formatTime(state.submission.submittedAt) })}
        </p>
      )}
      {left !== null &&
        (left > 0 ? (
          <p data-testid="kyc-time-left" data-minutes={Math.ceil(left / MINUTE_MS)}>
            {t('pending.left', {
              hours: Math.floor(left / (60 * MINUTE_MS)),
              minutes: Math.floor(left / MINUTE_MS) % 60,
            })}
          </p>
        ) : (
          <p data-testid="kyc-time-left" data-minutes="0">
            {t('pending.overdue')}
          </p>
        ))}
      {wait !== null && (
        <p className="muted" data-testid="kyc-expected-wait">
          {t('pending.wait', {
            median: formatWait(wait.medianHours),
            p90: formatWait(wait.p90Hours),
          })}
        </p>
      )}
      <p className="muted">{t('pending.nudge')}</p>
    </section>
  );
}

/** Not passed: each rejected part with its reason, and staff's note. */
export function RejectedCard({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const submission = state.submission;
  if (submission === null) return null;
  return (
    <section className="card kyc-card kyc-rejected-card" data-testid="kyc-rejected">
      <h2 className="section-title">{t('rejected.title')}</h2>
      <ul className="kyc-rejections">
        {submission.rejected.map((r) => (
          <li
            key={r.part}
            data-testid="kyc-rejected-part"
            data-part={r.part}
            data-reason={r.reasonCode}
          >
            <strong>{t(`part.${r.part}`)}</strong>
            <span>{t(`reason.${r.reasonCode}`)}</span>
          </li>
        ))}
      </ul>
      {submission.note !== null && submission.note !== '' && (
        <p className="kyc-note" data-testid="kyc-note">
          {t('rejected.note', { note: submission.note })}
        </p>
      )}
      <p className="muted">{t('rejected.keep')}</p>
    </section>
  );
}

/** Verified, with what the person's level allows (from parameters; null: no limit). */
export function VerifiedCard({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const decided = state.submission?.decidedAt ?? null;
  const limits = [
    { key: 'loanMax', value: state.limits.loanMax },
    { key: 'withdrawDailyMax', value: state.limits.withdrawDailyMax },
  ] as const;
  return (
    <section className="card kyc-card" data-testid="kyc-verified">
      <h2 className="section-title">{t('verified.title')}</h2>
      {decided !== null && (
        <p className="muted">{t('verified.since', { at: formatTime(decided) })}</p>
      )}
      <h3 className="kyc-subtitle">{t('verified.limits')}</h3>
      <dl className="kyc-facts">
        {limits.map((l) => (
          <div key={l.key} data-testid={`kyc-limit-${l.key}`}>
            <dt>{t(`verified.${l.key}`)}</dt>
            <dd>
              {l.value === null ? t('verified.noLimit') : <Amount value={l.value} asset="USDT" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
