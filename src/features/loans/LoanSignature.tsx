import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../ui/use-signature-pad.ts';
import { upload } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';

/** The signature's upload: none yet, on its way, stored (its file id), or refused. */
export type SignatureState =
  | { phase: 'empty' }
  | { phase: 'uploading' }
  | { phase: 'done'; fileId: string }
  | { phase: 'failed'; message: string };

/**
 * The signature drawn on screen under the agreement (ui/use-signature-pad.ts). It is uploaded
 * when the person says it is done; drawing again asks for it to be sent again.
 */
export function LoanSignature({
  state,
  onChange,
}: {
  state: SignatureState;
  onChange: (state: SignatureState) => void;
}) {
  const { t } = useTranslation('loans');
  // The latest callback, so an upload that ends after a re-render tells the current one.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const { canvas, empty, clear, png } = useSignaturePad(() => changed.current({ phase: 'empty' }));

  function save() {
    png((blob) => {
      onChange({ phase: 'uploading' });
      upload('uploadLoanSignature', blob).then(
        ({ fileId }) => changed.current({ phase: 'done', fileId }),
        (err: unknown) => changed.current({ phase: 'failed', message: errorMessage(t, err) }),
      );
    });
  }

  return (
    <div className="loans-signature" data-testid="loans-signature" data-phase={state.phase}>
      <p className="muted">{t('sign.hint')}</p>
      <canvas
        ref={canvas}
        className="loans-pad"
        aria-label={t('sign.pad')}
        data-testid="loans-signature-pad"
      />
      <div className="loans-actions">
        <button type="button" className="btn btn-ghost" onClick={clear} disabled={empty}>
          {t('sign.clear')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={save}
          disabled={empty || state.phase === 'uploading' || state.phase === 'done'}
          data-testid="loans-signature-save"
        >
          {t('sign.use')}
        </button>
      </div>
      {state.phase === 'uploading' && <p className="muted">{t('sign.uploading')}</p>}
      {state.phase === 'done' && <p className="loans-ok">{t('sign.saved')}</p>}
      {state.phase === 'failed' && (
        <span className="field-error" role="alert">
          {state.message}
        </span>
      )}
    </div>
  );
}
