import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { repasswordBody } from '../../../contract/auth.ts';
import { Code } from '../../../contract/errors.ts';
import { call } from '../../api/client.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useFormError } from '../auth/use-form-error.ts';

export default function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const form = useFormError();
  const [values, setValues] = useState({ oldPassword: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const fieldError = (field: string) =>
    form.error?.field === field ? form.error.message : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    setSaved(false);
    if (values.password !== values.confirm)
      return form.failCode(Code.passwordsInconsistent, 'confirm');
    const body = form.check(repasswordBody, {
      mode: 'change',
      oldPassword: values.oldPassword,
      password: values.password,
    });
    if (body === null) return;
    setBusy(true);
    try {
      await call('repassword', { body });
      setSaved(true);
      setValues({ oldPassword: '', password: '', confirm: '' });
    } catch (err) {
      form.fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('password.title')}</h1>
      <form className="card" onSubmit={submit} noValidate>
        {saved && <div className="alert alert-success">{t('password.saved')}</div>}
        {form.error && form.error.field === undefined && (
          <div className="alert alert-error" role="alert">
            {form.error.message}
          </div>
        )}
        <TextField
          label={t('password.current')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={fieldError('oldPassword')}
        />
        <TextField
          label={t('password.new')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          hint={t('password.hint')}
          error={fieldError('password')}
        />
        <TextField
          label={t('password.confirm')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={fieldError('confirm')}
        />
        <p className="muted">{t('password.othersSignedOut')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('password.submit')}
        </button>
      </form>
    </div>
  );
}
