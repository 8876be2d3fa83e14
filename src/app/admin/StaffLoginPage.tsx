import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { staffLoginBody } from '../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall, staffSession } from '../../api/staff-session.ts';
import { safeAdminRedirect } from '../../lib/safe-redirect.ts';
import { useStore } from '../../state/store.ts';
import { useAdminForm } from '../../ui/admin/AdminUi.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { homePath, mayOpen } from './sections.ts';

export function StaffLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { staff, expired } = useStore(staffSession);
  const form = useAdminForm();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  if (staff !== null && !form.busy) return <Navigate to={homePath(staff.role)} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(staffLoginBody, { username, password });
    if (body === null) return;
    await form.run(async () => {
      const res = await staffCall('staffLogin', { body });
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
      staffSession.signIn(res.token, res.staff, res.expiresAt);
      const back = safeAdminRedirect(params.get('redirect'));
      // Back to the page asked for, when the role may open it.
      const ok = back !== null && mayOpen(res.staff.role, back.split('?')[0] ?? '');
      navigate(ok ? back : homePath(res.staff.role), { replace: true });
    });
  }

  return (
    <div className="auth-page admin-login">
      <div className="auth-card card">
        <div className="auth-logo admin-brand">
          <Logo />
          <span className="admin-brand-text">{t('brand')}</span>
        </div>
        <h1 className="auth-title">{t('login.title')}</h1>
        <p className="muted auth-subtitle">{t('login.subtitle')}</p>
        {expired && <div className="alert alert-info">{t('login.expired')}</div>}
        {form.error !== null && (
          <div className="alert alert-error" role="alert" data-testid="staff-login-error">
            {form.error.message}
          </div>
        )}
        <form onSubmit={submit} noValidate data-testid="staff-login-form">
          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
            {t('login.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
