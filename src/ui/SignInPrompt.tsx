import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

/**
 * What a visitor sees where a signed-in person acts (subscribe, apply, their own records): the
 * page stays open to read, and logging in comes back to it.
 */
export function SignInPrompt({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="alert alert-info" data-testid={testId}>
      <p>{text}</p>
      <p className="alert-actions">
        <Link className="btn btn-primary btn-small" to={`/pass/login?redirect=${back}`}>
          {t('auth.login')}
        </Link>
      </p>
    </div>
  );
}
