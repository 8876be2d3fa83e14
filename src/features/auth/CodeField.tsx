import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import type { useCodeSender } from './use-code-sender.ts';

/** The one-time code input with its send / resend-countdown button. */
export function CodeField({
  value,
  onChange,
  error,
  sender,
  onSend,
}: {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | undefined;
  sender: ReturnType<typeof useCodeSender>;
  onSend: () => void;
}) {
  const { t } = useTranslation('auth');
  const label =
    sender.secondsLeft > 0
      ? t('code.resendIn', { seconds: sender.secondsLeft })
      : sender.sent
        ? t('code.resend')
        : t('code.send');
  return (
    <TextField
      label={t('fields.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={onChange}
      error={error}
      trailing={
        <button
          type="button"
          className="btn btn-ghost code-button"
          disabled={!sender.canSend}
          onClick={onSend}
        >
          {label}
        </button>
      }
    />
  );
}
