import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text`; says whether it worked (SPEC §8 "copy failed"). */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('funds');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      {state === 'idle' ? t('copy.copy') : t(`copy.${state}`)}
    </button>
  );
}
