import { Suspense, useState, type FormEvent } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginBody, type LoginResult } from '../../../contract/auth/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { IdentityLoginResult } from '../../../contract/sign-in/schemas.ts';
import { ApiError, call } from '../../api/client.ts';
import { deviceId } from '../../lib/device-id.ts';
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
import { SignInSecondStep } from './SignInSecondStep.tsx';
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
  const [ticket, setTicket] = useState<string | null>(null);
  const options = useSignInOptions();
  // In a wallet's own browser the wallet is how people sign in: it comes first.
  const [embedded] = useState(() => detectFromWindow(window).embedded);
  const [showPassword, setShowPassword] = useState(!embedded);
  const redirect = safeRedirect(params.get('redirect'));

  function signedIn(res: IdentityLoginResult | LoginResult) {
    sessionStore.signIn(res.token, res.userInfo);
    navigate(redirect, { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(loginBody, { account, password });
    if (body === null) return;
    await form.submit(async () => {
      try {
        signedIn(await call('login', { body: { ...body, device: deviceId() } }));
      } catch (err) {
        // A device the second factor has not vouched for: its code finishes the sign-in.
        const next = err instanceof ApiError && err.code === Code.secondFactorRequired;
        if (!next || err.detail?.ticket === undefined) throw err;
        setTicket(err.detail.ticket);
      }
    });
  }

  if (ticket !== null) {
    return (
      <AuthCard title={t('secondFactor.title')} subtitle={t('login.subtitle')}>
        <SignInSecondStep
          ticket={ticket}
          onSignedIn={signedIn}
          onRestart={() => {
            setTicket(null);
            setPassword('');
          }}
        />
      </AuthCard>
    );
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
