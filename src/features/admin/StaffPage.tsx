import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createStaffBody,
  STAFF_ROLES,
  type Staff,
  type StaffRole,
} from '../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall } from '../../api/staff-session.ts';
import { PageHeader, useAdminForm } from '../../ui/admin/AdminUi.tsx';
import { TextField } from '../../ui/TextField.tsx';

/** Create a staff account (admin only); the new member signs in at /admin/login. */
export default function StaffPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useAdminForm();
  const roleId = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [created, setCreated] = useState<Staff | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    setCreated(null);
    const fields = { username, password, role };
    // The staff rules differ from the user ones: a malformed field is told its rule in words.
    const v = createStaffBody.safeParse(fields);
    const field = v.success ? undefined : v.error.issues[0]?.path[0];
    if (field === 'username' && username.trim() !== '') {
      form.failMessage(t('staff.usernameRule'), 'username');
      return;
    }
    if (field === 'password' && password !== '') {
      form.failMessage(t('staff.passwordRule'), 'password');
      return;
    }
    const body = form.check(createStaffBody, fields);
    if (body === null) return;
    await form.run(async () => {
      setCreated(await staffCall('createStaff', { body }));
      setUsername('');
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] });
    });
  }

  const formError = form.formError(['username', 'password']);
  return (
    <div className="admin-page" data-testid="staff-page">
      <PageHeader title={t('staff.title')} />
      <section className="card admin-card admin-narrow">
        <p className="muted admin-intro">{t('staff.intro')}</p>
        {created !== null && (
          <div className="alert alert-success" role="status" data-testid="staff-created">
            {t('staff.created', { username: created.username, role: t(`role.${created.role}`) })}
          </div>
        )}
        {formError !== null && (
          <div className="alert alert-error" role="alert" data-testid="staff-error">
            {formError}
          </div>
        )}
        <form onSubmit={submit} noValidate data-testid="staff-form">
          <TextField
            label={t('staff.username')}
            name="staff-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            hint={t('staff.usernameRule')}
            error={form.fieldError('username')}
            data-testid="staff-username"
          />
          <TextField
            label={t('staff.password')}
            name="staff-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={t('staff.passwordRule')}
            error={form.fieldError('password')}
            data-testid="staff-password"
          />
          <div className="field">
            <label className="field-label" htmlFor={roleId}>
              {t('staff.role')}
            </label>
            <select
              id={roleId}
              className="select"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              data-testid="staff-role-select"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)} — {t(`roleHelp.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={form.busy}
            data-testid="staff-submit"
          >
            {t('staff.submit')}
          </button>
        </form>
      </section>
    </div>
  );
}
