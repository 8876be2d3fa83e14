import { useTranslation } from 'react-i18next';
import { useSignaturePad } from '../../ui/use-signature-pad.ts';
import { Thumb, UploadStatus } from './PhotoStep.tsx';
import type { UploadState } from './uploads.ts';

/**
 * The signature drawn on screen (ui/use-signature-pad.ts, in this step's chunk only); it is
 * sent when the person says it is done, and drawing again asks for it to be sent again.
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
  const { canvas, empty, clear, png } = useSignaturePad(onChange);

  function save() {
    png(onSave);
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
