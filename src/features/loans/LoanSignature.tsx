import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { upload } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';

/** The signature's upload: none yet, on its way, stored (its file id), or refused. */
export type SignatureState =
  | { phase: 'empty' }
  | { phase: 'uploading' }
  | { phase: 'done'; fileId: string }
  | { phase: 'failed'; message: string };

/**
 * The signature drawn on screen under the agreement (signature_pad, as identity verification
 * draws its own): black on white, so the PNG reads the same whatever the app's theme. It is
 * uploaded when the person says it is done; drawing again asks for it to be sent again.
 */
export function LoanSignature({
  state,
  onChange,
}: {
  state: SignatureState;
  onChange: (state: SignatureState) => void;
}) {
  const { t } = useTranslation('loans');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  // The latest callback, so the pad's listener is added once.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const el = canvas.current;
    if (el === null) return;
    const signature = new SignaturePad(el, {
      backgroundColor: 'rgb(255, 255, 255)',
      penColor: 'rgb(17, 24, 39)',
    });
    pad.current = signature;
    // Drawn at the screen's pixel density, so the lines stay sharp on a phone.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signature.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    fit();
    const ended = () => {
      setEmpty(signature.isEmpty());
      changed.current({ phase: 'empty' });
    };
    signature.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      signature.removeEventListener('endStroke', ended);
      window.removeEventListener('resize', fit);
      signature.off();
      pad.current = null;
    };
  }, []);

  function clear() {
    pad.current?.clear();
    setEmpty(true);
    onChange({ phase: 'empty' });
  }

  function save() {
    const el = canvas.current;
    if (el === null || pad.current?.isEmpty() !== false) return;
    el.toBlob((png) => {
      if (png === null) return;
      onChange({ phase: 'uploading' });
      upload('uploadLoanSignature', png).then(
        ({ fileId }) => changed.current({ phase: 'done', fileId }),
        (err: unknown) => changed.current({ phase: 'failed', message: errorMessage(t, err) }),
      );
    }, 'image/png');
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
