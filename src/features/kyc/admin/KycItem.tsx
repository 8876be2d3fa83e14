import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { imagesFor, type kycQueueItem } from '../../../../contract/kyc/schemas.ts';
import { currentLocaleTag } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { StaffImage } from '../../../ui/admin/StaffImage.tsx';
import { KycDecision, type Rejection } from './KycDecision.tsx';

export type Item = z.infer<typeof kycQueueItem>;

/** A decided submission's outcome: its status, when, and each rejected part's reason. */
function Outcome({ item }: { item: Item }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-review-outcome" data-testid="kyc-outcome">
      <span className={`badge kyc-admin-${item.status}`} data-status={item.status}>
        {t(`kyc.status.${item.status}`)}
      </span>
      <span className="muted">{formatDateTime(item.decidedAt)}</span>
      {item.rejected.map((r) => (
        <span key={r.part} className="admin-reason" data-part={r.part}>
          {t(`kyc.part.${r.part}`)}: {t(`kyc.reason.${r.reasonCode}`)}
        </span>
      ))}
      {item.note !== null && item.note !== '' && (
        <span className="admin-reason admin-review-note">{item.note}</span>
      )}
    </div>
  );
}

/** What the person entered, to compare with the documents beside it. */
function Facts({ item }: { item: Item }) {
  const { t } = useTranslation('admin');
  const p = item.personal;
  const country = new Intl.DisplayNames([currentLocaleTag()], { type: 'region' }).of(p.country);
  const facts = [
    ['firstName', p.firstName],
    ['lastName', p.lastName],
    ['sex', t(`kyc.sex.${p.sex}`)],
    ['birthdate', p.birthdate],
    ['country', `${country ?? p.country} (${p.country})`],
    ['address', p.address],
    ['phone', `${p.areaCode} ${p.phone}`],
    ['docType', t(`kyc.docType.${item.docType}`)],
  ] as const;
  return (
    <dl className="admin-review-facts" data-testid="kyc-facts">
      {facts.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`kyc.field.${key}`)}</dt>
          <dd dir="auto">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One submission in the queue. Opened, it shows the entered data beside the documents, and,
 * when the caller claimed it, the decision.
 */
export function KycItem({
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
  decision: {
    busy: boolean;
    error: unknown;
    decide: (rejected: Rejection[], note: string) => void;
  };
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const claimed = open?.until ?? null;
  return (
    <article
      className="card admin-review-item"
      data-testid="kyc-row"
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
          {t('kyc.submitted', { at: formatDateTime(item.submittedAt) })}
        </span>
        <span>{t(`kyc.docType.${item.docType}`)}</span>
        <button
          type="button"
          className="btn btn-small btn-ghost admin-review-toggle"
          disabled={opening}
          onClick={open === null ? onOpen : onClose}
          aria-expanded={open !== null}
          data-testid="kyc-open"
        >
          {open !== null
            ? t('kyc.close')
            : item.status === 'pending'
              ? t('kyc.review')
              : t('kyc.view')}
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
            {imagesFor(item.docType).map((image) => (
              <StaffImage
                key={image}
                fileId={item.files[image]}
                label={t(`kyc.part.${image}`)}
                missing={t('kyc.deleted')}
                testId="kyc-doc"
              />
            ))}
          </div>
          {claimed !== null && (
            <KycDecision
              docType={item.docType}
              claimedUntil={claimed}
              busy={decision.busy}
              serverError={decision.error}
              onApprove={() => decision.decide([], '')}
              onReject={decision.decide}
            />
          )}
        </div>
      )}
    </article>
  );
}
