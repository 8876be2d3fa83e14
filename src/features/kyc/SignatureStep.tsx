import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { Thumb, UploadStatus } from './PhotoStep.tsx';
import type { UploadState } from './uploads.ts';

/**
 * The signature drawn on screen (signature_pad, in this step's chunk only). The pad is drawn
 * black on white, so the PNG reads the same whatever the app's theme; it is sent when the
 * person says it is done, and drawing again asks for it to be sent again.
 */
export default function SignatureStep({
  state,
  problem,
  onSave,
  onChange,
}: {
  state: UploadState;
  problem: string | undefined;
  onSave: (png: Blob) => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('kyc');
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
      changed.current();
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
    onChange();
  }

  function save() {
    const el = canvas.current;
    if (el === null || pad.current?.isEmpty() !== false) return;
    el.toBlob((png) => {
      if (png !== null) onSave(png);
    }, 'image/png');
  }

  return (
    <div
      className="kyc-step-body kyc-signature"
      data-testid="kyc-signature"
      data-phase={state.phase}
    >
      <p className="muted">{t('signature.hint')}</p>
      <canvas
        ref={canvas}
        className="kyc-pad"
        aria-label={t('signature.pad')}
        data-testid="kyc-signature-pad"
      />
      <div className="kyc-actions">
        <button type="button" className="btn btn-ghost" onClick={clear} disabled={empty}>
          {t('signature.clear')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={save}
          disabled={empty || state.phase === 'uploading' || state.phase === 'done'}
          data-testid="kyc-signature-save"
        >
          {t('signature.use')}
        </button>
      </div>
      {state.phase === 'done' && <Thumb src={state.preview} alt={t('signature.saved')} />}
      <UploadStatus state={state} />
      {problem !== undefined && state.phase !== 'failed' && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
