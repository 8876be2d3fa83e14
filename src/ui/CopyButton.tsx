import { useState } from 'react';

/** Copies `text` and says whether it worked (SPEC §8 "copy failed"), in the caller's words. */
export function CopyButton({
  text,
  labels,
}: {
  text: string;
  labels: { copy: string; copied: string; failed: string };
}) {
  const [state, setState] = useState<'copy' | 'copied' | 'failed'>('copy');
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
      {labels[state]}
    </button>
  );
}
