import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { IconName } from '../../ui/Icon.tsx';

/** Capabilities whose routes exist now and whose screens arrive with later issues. */
export const CAPABILITIES = {
  support: 'support',
} as const satisfies Record<string, IconName>;

type Capability = keyof typeof CAPABILITIES;

/**
 * A translated "not available yet" state inside the shell: never a blank page and never
 * made-up figures.
 */
export default function UnavailablePage({ capability }: { capability: Capability }) {
  const { t } = useTranslation('unavailable');
  return (
    <div className="page" data-testid="unavailable">
      <EmptyState icon={CAPABILITIES[capability]} title={t(`capability.${capability}`)}>
        <p>{t('body')}</p>
        <Link to="/" className="btn btn-ghost">
          {t('home')}
        </Link>
      </EmptyState>
    </div>
  );
}
