import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { sessionStore } from '../../state/session.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import { AuthCard } from './AuthCard.tsx';
import { forgetPending, pendingFor } from './google-sign-in.ts';

/** /api/loginCallback/google: the provider sends the person back here with a code (SPEC §2). */
export default function GoogleCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Read once: a callback without its own pending attempt (or with the provider's error) fails.
  const [attempt] = useState(() => {
    const pending = pendingFor(params.get('state'));
    const code = params.get('code');
    return pending === undefined || code === null || params.has('error')
      ? undefined
      : { code, codeVerifier: pending.codeVerifier, redirect: pending.redirect };
  });
  const [failure, setFailure] = useState<string | null>(
    attempt === undefined ? t('google.failed') : null,
  );
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; the code is single use.
    if (attempt === undefined || started.current) return;
    started.current = true;
    forgetPending();
    call('loginByGoogle', { body: { code: attempt.code, codeVerifier: attempt.codeVerifier } })
      .then((res) => {
        sessionStore.signIn(res.token, res.userInfo);
        navigate(safeRedirect(attempt.redirect), { replace: true });
      })
      .catch((err: unknown) => setFailure(errorMessage(t, err)));
  }, [attempt, navigate, t]);

  return (
    <AuthCard title={t('google.title')}>
      {failure === null ? (
        <div data-testid="google-callback">
          <Spinner />
          <p className="muted">{t('google.signingIn')}</p>
        </div>
      ) : (
        <>
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
          <Link to="/pass/login" className="btn btn-block">
            {t('google.back')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
