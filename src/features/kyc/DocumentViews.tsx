import { useTranslation } from 'react-i18next';
import type { KycImage, KycState } from '../../../contract/kyc/schemas.ts';
import { formatTime } from '../../lib/time.ts';

/** Which of the latest submission's images a file is, when it is one of them. */
function partOf(state: KycState, fileId: string): KycImage | undefined {
  const files = state.submission?.files;
  if (files === undefined) return undefined;
  return (Object.keys(files) as KycImage[]).find((image) => files[image] === fileId);
}

/**
 * Privacy (issue 22): every staff read of the person's identity documents, from the audit log,
 * by role and time. Staff's names are not shown; the role says who looked.
 */
export function DocumentViews({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  // The files kernel reports any of the person's files; this page speaks for identity ones.
  const views = state.views.filter((v) => v.kind.startsWith('kyc.'));
  if (views.length === 0) return null;
  return (
    <section className="card kyc-card" data-testid="kyc-views">
      <h2 className="section-title">{t('views.title')}</h2>
      <p className="muted">{t('views.intro')}</p>
      <ul className="kyc-views">
        {views.map((v) => {
          const part = partOf(state, v.fileId);
          return (
            <li key={`${v.fileId}-${v.at}`} data-testid="kyc-view" data-role={v.staffRole ?? ''}>
              <span>
                {v.staffRole === null ? t('views.staff') : t(`views.role.${v.staffRole}`)}
              </span>
              <span className="muted">
                {part === undefined ? t('views.earlier') : t(`part.${part}`)}
              </span>
              <time className="muted" dateTime={v.at}>
                {formatTime(v.at)}
              </time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
