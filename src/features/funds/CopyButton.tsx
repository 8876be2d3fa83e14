import { useTranslation } from 'react-i18next';
import { CopyButton as Copy } from '../../ui/CopyButton.tsx';

/** The shared copy button in this feature's words. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('funds');
  return (
    <Copy
      text={text}
      labels={{ copy: t('copy.copy'), copied: t('copy.copied'), failed: t('copy.failed') }}
    />
  );
}
