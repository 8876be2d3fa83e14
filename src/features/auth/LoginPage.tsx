import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginBody } from '../../../contract/auth.ts';
import { call } from '../../api/client.ts';
import { safeRedirect } from '../../app/RequireAuth.tsx';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { TextField } from '../../ui/TextField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { FormErrorAlert } from './FormErrorAlert.tsx';
import { useFormError } from './use-form-error.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { expired } = useStore(sessionStore);
  const form = useFormError();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(loginBody, { account, password });
    if (body === null) return;
    await form.submit(async () => {
      const res = await call('login', { body });
      sessionStore.signIn(res.token, res.userInfo);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    });
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {expired && <div className="alert alert-info">{t('login.expired')}</div>}
      <FormErrorAlert form={form} fields={[]} />
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
      <p className="auth-switch muted">
        {t('login.noAccount')}{' '}
        <Link to="/pass/register" className="link">
          {t('login.toRegister')}
        </Link>
      </p>
    </AuthCard>
  );
}
