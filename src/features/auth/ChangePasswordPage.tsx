import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { repasswordBody } from '../../../contract/auth/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { call } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

/** Fields that show their own error; any other error shows above the form. */
const CHANGE_FIELDS = ['oldPassword', 'password', 'confirm'];

export default function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const form = useFormError();
  const [values, setValues] = useState({ oldPassword: '', password: '', confirm: '' });
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

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
    await form.submit(async () => {
      await call('repassword', { body });
      setSaved(true);
      setValues({ oldPassword: '', password: '', confirm: '' });
    });
  }

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('password.title')}</h1>
      <form className="card" onSubmit={submit} noValidate>
        {saved && <div className="alert alert-success">{t('password.saved')}</div>}
        <FormErrorAlert form={form} fields={CHANGE_FIELDS} />
        <TextField
          label={t('password.current')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={form.fieldError('oldPassword')}
        />
        <NewPasswordFields
          password={values.password}
          confirm={values.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          form={form}
          labels={{ password: t('password.new'), confirm: t('password.confirm') }}
        />
        <p className="muted">{t('password.othersSignedOut')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {t('password.submit')}
        </button>
      </form>
    </div>
  );
}
