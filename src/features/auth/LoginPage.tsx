import { Suspense, useState, type FormEvent } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginBody } from '../../../contract/auth/schemas.ts';
import type { IdentityLoginResult } from '../../../contract/sign-in/schemas.ts';
import { call } from '../../api/client.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { detectFromWindow } from '../../wallet/in-app-browser.ts';
import { AuthCard } from './AuthCard.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useSignInOptions } from './use-sign-in-options.ts';

/** wagmi and viem load with the wallet panel, not with the rest of the app. */
const WalletSignIn = lazyPart(() => import('./wallet/WalletSignIn.tsx'));

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { expired } = useStore(sessionStore);
  const form = useFormError();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const options = useSignInOptions();
  // In a wallet's own browser the wallet is how people sign in: it comes first.
  const [embedded] = useState(() => detectFromWindow(window).embedded);
  const [showPassword, setShowPassword] = useState(!embedded);
  const redirect = safeRedirect(params.get('redirect'));

  function signedIn(res: IdentityLoginResult) {
    sessionStore.signIn(res.token, res.userInfo);
    navigate(redirect, { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(loginBody, { account, password });
    if (body === null) return;
    await form.submit(async () => {
      const res = await call('login', { body });
      sessionStore.signIn(res.token, res.userInfo);
      navigate(redirect, { replace: true });
    });
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {expired && <div className="alert alert-info">{t('login.expired')}</div>}
      {options.data && (
        <section className="auth-wallet" aria-label={t('wallet.title')}>
          <Suspense fallback={<Spinner />}>
            <WalletSignIn options={options.data.wallet} onSignedIn={signedIn} />
          </Suspense>
          {options.data.google && (
            <GoogleButton
              google={options.data.google}
              redirect={redirect}
              form={form}
              label={t('google.continue')}
            />
          )}
          <p className="auth-or muted">{t('wallet.or')}</p>
        </section>
      )}
      <FormErrorAlert form={form} fields={[]} />
      {!showPassword && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => setShowPassword(true)}
        >
          {t('wallet.usePassword')}
        </button>
      )}
      {showPassword && (
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('fields.account')}
            name="account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            placeholder={t('fields.accountPlaceholder')}
          />
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="auth-row">
            <Link to="/pass/reset" className="link">
              {t('login.forgot')}
            </Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {t('login.submit')}
          </button>
        </form>
      )}
      <p className="auth-switch muted">
        {t('login.noAccount')}{' '}
        <Link to="/pass/register" className="link">
          {t('login.toRegister')}
        </Link>
      </p>
    </AuthCard>
  );
}
