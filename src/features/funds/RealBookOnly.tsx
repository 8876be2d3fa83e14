import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSwitchBook } from '../../api/switch-book.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** Deposits and withdrawals move real money: on the demo book, offer the switch instead. */
export function RealBookOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('funds');
  const { book } = useStore(preferences);
  const switchBook = useSwitchBook();
  if (book === 'real') return children;
  return (
    <div className="page page-narrow">
      <EmptyState icon="wallet" title={t('realOnly.title')}>
        <p className="muted">{t('realOnly.text')}</p>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="switch-real"
          onClick={() => switchBook('real')}
        >
          {t('realOnly.switch')}
        </button>
      </EmptyState>
    </div>
  );
}
