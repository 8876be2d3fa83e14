import { useTranslation } from 'react-i18next';
import type { useCodeSender } from './use-code-sender.ts';

export function CodeButton({
  sender,
  onSend,
}: {
  sender: ReturnType<typeof useCodeSender>;
  onSend: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <button
      type="button"
      className="btn btn-ghost code-button"
      disabled={!sender.canSend}
      onClick={onSend}
    >
      {sender.secondsLeft > 0
        ? t('code.resendIn', { seconds: sender.secondsLeft })
        : sender.sent
          ? t('code.resend')
          : t('code.send')}
    </button>
  );
}
