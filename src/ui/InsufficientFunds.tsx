import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSwitchBook } from '../api/switch-book.ts';
import { preferences } from '../state/preferences.ts';
import { useStore } from '../state/store.ts';

/**
 * "Insufficient balance" with the way out: in the real book, a deposit of the coin the order
 * needs or a switch back to the demo book; in the demo book, resetting its virtual funds.
 */
export function InsufficientFunds({ asset }: { asset: string }) {
  const { t } = useTranslation('errors');
  const { book } = useStore(preferences);
  const switchBook = useSwitchBook();
  return (
    <div className="alert alert-error" role="alert" data-testid="insufficient-funds">
      <p>{t(book === 'real' ? 'fund.real' : 'fund.demo', { asset })}</p>
      <p className="alert-actions">
        {book === 'real' ? (
          <>
            <Link to="/profile/deposit" className="link" data-testid="fund-deposit">
              {t('fund.deposit', { asset })}
            </Link>
            <button
              type="button"
              className="link link-button"
              data-testid="fund-demo"
              onClick={() => switchBook('demo')}
            >
              {t('fund.toDemo')}
            </button>
          </>
        ) : (
          <Link to="/profile/balance" className="link" data-testid="fund-reset">
            {t('fund.reset')}
          </Link>
        )}
      </p>
    </div>
  );
}

/**
 * A form's refusal that is not one field's, above its button: a balance too small, with the
 * way out, or what else is wrong in words.
 */
export function FormProblem({
  insufficient,
  message,
  testId,
}: {
  /** The coin the order lacks, when that is the refusal. */
  insufficient: string | undefined;
  message: string | undefined;
  testId: string;
}) {
  if (insufficient !== undefined) return <InsufficientFunds asset={insufficient} />;
  if (message === undefined) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {message}
    </div>
  );
}
