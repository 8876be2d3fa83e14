import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../contract/errors.ts';
import {
  imagesFor,
  KYC_REJECT_REASONS,
  type KycDecisionBody,
  type KycPart,
} from '../../../../contract/kyc/schemas.ts';
import { REVIEW_LIMITS } from '../../../../contract/review.ts';
import { errorMessage } from '../../../i18n/error-message.ts';
import { formatDateTime } from '../../../lib/time.ts';
import type { DocType } from '../draft.ts';

type Reason = (typeof KYC_REJECT_REASONS)[number];
export type Rejection = KycDecisionBody['rejected'][number];

/** A part marked for rejection, with its reason once chosen (the person reads it). */
function PartChoice({
  part,
  reason,
  onChange,
}: {
  part: KycPart;
  reason: Reason | '' | undefined;
  onChange: (next: Reason | '' | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const label = t(`kyc.part.${part}`);
  return (
    <div className="kyc-reject-part" data-testid={`kyc-reject-${part}`}>
      <label className="admin-radio">
        <input
          type="checkbox"
          checked={reason !== undefined}
          onChange={(e) => onChange(e.target.checked ? '' : undefined)}
        />
        {label}
      </label>
      {reason !== undefined && (
        <select
          className="select"
          aria-label={t('kyc.reasonFor', { part: label })}
          value={reason}
          onChange={(e) => onChange(e.target.value as Reason | '')}
          data-testid={`kyc-reason-${part}`}
        >
          <option value="">{t('reject.choose')}</option>
          {KYC_REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`kyc.reason.${r}`)}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/**
 * The parts marked to send again with their reasons, and the note. A rejection needs a reason
 * for each marked part, and with "Other" a note of 3 characters or more (as the review queue).
 */
function useRejection(docType: DocType) {
  const { t } = useTranslation('admin');
  const parts: KycPart[] = ['data', ...imagesFor(docType)];
  const [reasons, setReasons] = useState<Partial<Record<KycPart, Reason | ''>>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const marked = parts.filter((p) => reasons[p] !== undefined);
  /** The rejection to send, or null (and the catalogue's message) while it is incomplete. */
  function check(): { rejected: Rejection[]; note: string } | null {
    const trimmed = note.trim();
    const rejected: Rejection[] = [];
    for (const part of marked) {
      const reasonCode = reasons[part];
      if (reasonCode !== undefined && reasonCode !== '') rejected.push({ part, reasonCode });
    }
    const noteNeeded = rejected.some((r) => r.reasonCode === 'other') && trimmed.length < 3;
    if (rejected.length === 0 || rejected.length < marked.length || noteNeeded) {
      setError(t(`errors:${Code.reasonRequired}`));
      return null;
    }
    setError(null);
    return { rejected, note: trimmed };
  }
  const mark = (part: KycPart, next: Reason | '' | undefined) =>
    setReasons((r) => ({ ...r, [part]: next }));
  return { parts, reasons, mark, note, setNote, marked, error, check };
}

/**
 * The decision on a claimed submission: approve it, or mark the parts to send again, each with
 * a reason from the catalogue, and a note the person reads ("Other" needs the note to say why).
 */
export function KycDecision({
  docType,
  claimedUntil,
  busy,
  serverError,
  onApprove,
  onReject,
}: {
  docType: DocType;
  claimedUntil: string;
  busy: boolean;
  serverError: unknown;
  onApprove: () => void;
  onReject: (rejected: Rejection[], note: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const r = useRejection(docType);
  const error = r.error ?? (serverError === null ? null : errorMessage(t, serverError));
  return (
    <section className="admin-review-decision" data-testid="kyc-decision">
      <p className="muted admin-modal-text" data-testid="kyc-claimed">
        {t('kyc.claimed', { until: formatDateTime(claimedUntil) })}
      </p>
      <fieldset className="admin-radio-group">
        <legend className="field-label">{t('kyc.rejectParts')}</legend>
        {r.parts.map((part) => (
          <PartChoice
            key={part}
            part={part}
            reason={r.reasons[part]}
            onChange={(next) => r.mark(part, next)}
          />
        ))}
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {t('reject.note')}
        </label>
        <textarea
          id={id}
          className="input admin-textarea"
          value={r.note}
          maxLength={REVIEW_LIMITS.noteMax}
          onChange={(e) => r.setNote(e.target.value)}
          data-testid="kyc-reject-note"
        />
      </div>
      {error !== null && (
        <p className="field-error" role="alert" data-testid="kyc-decision-error">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || r.marked.length > 0}
          onClick={onApprove}
          data-testid="kyc-approve"
        >
          {t('kyc.approve')}
        </button>
        <button
          type="button"
          className="btn admin-btn-danger"
          disabled={busy || r.marked.length === 0}
          onClick={() => {
            const decision = r.check();
            if (decision !== null) onReject(decision.rejected, decision.note);
          }}
          data-testid="kyc-reject-confirm"
        >
          {t('kyc.reject', { count: r.marked.length })}
        </button>
      </div>
    </section>
  );
}
