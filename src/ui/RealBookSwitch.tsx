import { useTranslation } from 'react-i18next';
import { useSwitchBook } from '../api/switch-book.ts';

/**
 * Real money only (SPEC §5, 10201): what a demo account cannot do here, and the switch to the
 * real account in the same place, so the person does not have to look for it.
 */
export function RealBookSwitch({ testId }: { testId: string }) {
  const { t } = useTranslation('common');
  const switchBook = useSwitchBook();
  return (
    <div className="alert alert-warning" role="alert" data-testid={testId}>
      <p>{t('errors:10201')}</p>
      <p className="alert-actions">
        <button
          type="button"
          className="btn btn-primary btn-small"
          data-testid="switch-real"
          onClick={() => switchBook('real')}
        >
          {t('book.switchReal')}
        </button>
      </p>
    </div>
  );
}
