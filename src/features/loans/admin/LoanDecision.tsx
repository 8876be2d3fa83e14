import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../contract/errors.ts';
import { LOAN_REJECT_REASONS } from '../../../../contract/loans/schemas.ts';
import { REVIEW_LIMITS } from '../../../../contract/review.ts';
import { errorMessage } from '../../../i18n/error-message.ts';
import { formatDateTime } from '../../../lib/time.ts';

export type Reason = (typeof LOAN_REJECT_REASONS)[number];
/** What the reviewer decided: approve (no reason), or reject with a reason and a note. */
export type Decided =
  { decision: 'approve' } | { decision: 'reject'; reasonCode: Reason; note: string };

/**
 * The reason chosen for a rejection and the note the person reads. A rejection needs a reason,
 * and with "Other" a note of 3 characters or more (docs/review.md).
 */
function useRejection() {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<Reason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The rejection to send, or null (and the catalogue's message) while it is incomplete. */
  function check(): Decided | null {
    const trimmed = note.trim();
    if (reason === '' || (reason === 'other' && trimmed.length < 3)) {
      setError(t(`errors:${Code.reasonRequired}`));
      return null;
    }
    setError(null);
    return { decision: 'reject', reasonCode: reason, note: trimmed };
  }
  return { reason, setReason, note, setNote, error, check };
}

/**
 * The decision on a claimed application: approve it, which pays the amount out of the lending
 * account at once (a short account answers 10206), or reject it with a reason from the
 * catalogue and a note the person reads ("Other" needs the note to say why).
 */
export function LoanDecision({
  amount,
  claimedUntil,
  busy,
  serverError,
  onDecide,
}: {
  amount: string;
  claimedUntil: string;
  busy: boolean;
  serverError: unknown;
  onDecide: (decided: Decided) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const r = useRejection();
  const error = r.error ?? (serverError === null ? null : errorMessage(t, serverError));
  const rejecting = r.reason !== '';
  return (
    <section className="admin-review-decision" data-testid="loan-decision">
      <p className="muted admin-modal-text" data-testid="loan-claimed">
        {t('loanReview.claimed', { until: formatDateTime(claimedUntil) })}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-reason`}>
          {t('loanReview.rejectReason')}
        </label>
        <select
          id={`${id}-reason`}
          className="select"
          value={r.reason}
          onChange={(e) => r.setReason(e.target.value as Reason | '')}
          data-testid="loan-reason"
        >
          <option value="">{t('loanReview.noReason')}</option>
          {LOAN_REJECT_REASONS.map((code) => (
            <option key={code} value={code}>
              {t(`reviewReason.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-note`}>
          {t('reject.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="input admin-textarea"
          value={r.note}
          maxLength={REVIEW_LIMITS.noteMax}
          onChange={(e) => r.setNote(e.target.value)}
          data-testid="loan-reject-note"
        />
      </div>
      {error !== null && (
        <p className="field-error" role="alert" data-testid="loan-decision-error">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || rejecting}
          onClick={() => onDecide({ decision: 'approve' })}
          data-testid="loan-approve"
        >
          {t('loanReview.approve', { amount: amount })}
        </button>
        <button
          type="button"
          className="btn admin-btn-danger"
          disabled={busy || !rejecting}
          onClick={() => {
            const decided = r.check();
            if (decided !== null) onDecide(decided);
          }}
          data-testid="loan-reject"
        >
          {t('loanReview.reject')}
        </button>
      </div>
    </section>
  );
}
