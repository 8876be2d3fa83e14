import { useTranslation } from 'react-i18next';
import type { useFormError } from '../../lib/use-form-error.ts';
import { TextField } from '../../ui/TextField.tsx';

/** A new password and its confirmation, as register, reset and change all ask for them. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  form,
  labels,
}: {
  password: string;
  confirm: string;
  onPassword: (e: { target: { value: string } }) => void;
  onConfirm: (e: { target: { value: string } }) => void;
  form: ReturnType<typeof useFormError>;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={labels.password}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={onPassword}
        hint={t('fields.passwordHint')}
        error={form.fieldError('password')}
      />
      <TextField
        label={labels.confirm}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirm}
        error={form.fieldError('confirm')}
      />
    </>
  );
}
