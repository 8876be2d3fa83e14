import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { registerBody, sendCodeBody } from '../../../contract/auth/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { call } from '../../api/client.ts';
import { defaultAreaValue, dialOf } from '../../lib/area-codes.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { AreaCodeSelect } from '../../ui/AreaCodeSelect.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { AuthCard } from './AuthCard.tsx';
import { CodeField } from './CodeField.tsx';
import { useCodeSender } from './use-code-sender.ts';

/** Fields that show their own error; any other error shows above the form. */
const REGISTER_FIELDS = [
  'username',
  'email',
  'phone',
  'areaCode',
  'code',
  'password',
  'confirm',
  'inviteCode',
];

type Method = 'email' | 'phone';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useFormError();
  const codes = useCodeSender(form.fail);
  const [method, setMethod] = useState<Method>('email');
  const [values, setValues] = useState({
    username: '',
    email: '',
    area: defaultAreaValue(preferences.get().language),
    phone: '',
    code: '',
    password: '',
    confirm: '',
    inviteCode: params.get('invite') ?? '',
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const destination =
    method === 'email'
      ? ({ channel: 'email', email: values.email } as const)
      : ({ channel: 'sms', areaCode: dialOf(values.area), phone: values.phone } as const);

  function sendCode() {
    form.clear();
    const body = form.check(sendCodeBody, { ...destination, purpose: 'register' });
    if (body !== null) void codes.send(body);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    if (!codes.sent) return form.failCode(Code.sendCodeFirst, 'code');
    if (values.password !== values.confirm)
      return form.failCode(Code.passwordsInconsistent, 'confirm');
    const common = {
      username: values.username,
      password: values.password,
      code: values.code,
      inviteCode: values.inviteCode.trim() === '' ? undefined : values.inviteCode,
    };
    const body = form.check(
      registerBody,
      method === 'email'
        ? { method, email: values.email, ...common }
        : { method, areaCode: dialOf(values.area), phone: values.phone, ...common },
    );
    if (body === null) return;
    await form.submit(async () => {
      const res = await call('register', { body });
      sessionStore.signIn(res.token, res.userInfo);
      navigate('/', { replace: true });
    });
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <div className="tabs" role="tablist">
        {(['email', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="tab"
            aria-selected={method === m}
            onClick={() => {
              setMethod(m);
              form.clear();
            }}
          >
            {t(`register.by.${m}`)}
          </button>
        ))}
      </div>
      <FormErrorAlert form={form} fields={REGISTER_FIELDS} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('fields.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={set('username')}
          hint={t('fields.usernameHint')}
          error={form.fieldError('username')}
        />
        {method === 'email' ? (
          <TextField
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={form.fieldError('email')}
          />
        ) : (
          <div className="field">
            <span className="field-label">{t('fields.phone')}</span>
            <div className="field-row phone-row">
              <AreaCodeSelect
                label={t('fields.areaCode')}
                value={values.area}
                onChange={(area) => setValues((v) => ({ ...v, area }))}
              />
              <input
                className="input"
                name="phone"
                inputMode="numeric"
                autoComplete="tel-national"
                aria-label={t('fields.phone')}
                value={values.phone}
                onChange={set('phone')}
              />
            </div>
            {(form.fieldError('phone') ?? form.fieldError('areaCode')) !== undefined && (
              <span className="field-error" role="alert">
                {form.fieldError('phone') ?? form.fieldError('areaCode')}
              </span>
            )}
          </div>
        )}
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
          labels={{ password: t('fields.password'), confirm: t('fields.confirm') }}
        />
        <TextField
          label={t('fields.inviteCode')}
          name="inviteCode"
          value={values.inviteCode}
          onChange={set('inviteCode')}
          error={form.fieldError('inviteCode')}
        />
        <p className="muted auth-terms">{t('register.terms')}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
          {t('register.submit')}
        </button>
      </form>
      <p className="auth-switch muted">
        {t('register.haveAccount')}{' '}
        <Link to="/pass/login" className="link">
          {t('register.toLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
