import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { repasswordBody, sendCodeBody } from '../../../contract/auth/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { endingSession } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { sessionStore } from '../../state/session.ts';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { AuthCard } from './AuthCard.tsx';
import { CodeField } from './CodeField.tsx';
import { useCodeSender } from './use-code-sender.ts';

/** Fields that show their own error; any other error shows above the form. */
const RESET_FIELDS = ['email', 'code', 'password', 'confirm'];

/** Password recovery by e-mail code (SPEC §2 /pass/reset). */
export default function ResetPage() {
  const { t } = useTranslation('auth');
  const form = useFormError();
  const codes = useCodeSender(form.fail);
  // Settings links here with the account's e-mail to set a first password.
  const [params] = useSearchParams();
  const [values, setValues] = useState({
    email: params.get('email') ?? '',
    code: '',
    password: '',
    confirm: '',
  });
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  function sendCode() {
    form.clear();
    const body = form.check(sendCodeBody, {
      channel: 'email',
      purpose: 'reset',
      email: values.email,
    });
    if (body !== null) void codes.send(body);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    if (!codes.sent) return form.failCode(Code.sendCodeFirst, 'code');
    if (values.password !== values.confirm)
      return form.failCode(Code.passwordsInconsistent, 'confirm');
    const body = form.check(repasswordBody, {
      mode: 'reset',
      email: values.email,
      code: values.code,
      password: values.password,
    });
    if (body === null) return;
    await form.submit(async () => {
      // Every session of the account is revoked, this browser's included.
      await endingSession('repassword', { body }, (ok) => {
        if (ok) sessionStore.signOut();
      });
      setDone(true);
    });
  }

  if (done) {
    return (
      <AuthCard title={t('reset.doneTitle')} subtitle={t('reset.doneBody')}>
        <Link to="/pass/login" className="btn btn-primary btn-block">
          {t('reset.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <FormErrorAlert form={form} fields={RESET_FIELDS} />
      {codes.sent && <div className="alert alert-info">{t('reset.codeSent')}</div>}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={form.fieldError('email')}
        />
        <CodeField
          value={values.code}
          onChange={set('code')}
          error={form.fieldError('code')}
          sender={codes}
          onSend={sendCode}
        />
        <NewPasswordFields
          password={values.password}
          confirm={values.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          form={form}
          labels={{ password: t('fields.newPassword'), confirm: t('fields.confirm') }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {t('reset.submit')}
        </button>
      </form>
      <p className="auth-switch muted">
        <Link to="/pass/login" className="link">
          {t('reset.toLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
