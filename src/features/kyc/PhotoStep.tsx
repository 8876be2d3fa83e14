import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from './draft.ts';
import { PHOTO_ACCEPT, type UploadState } from './uploads.ts';

/** A thumbnail of what was chosen; one the browser cannot draw (JPEG 2000) is left out. */
export function Thumb({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (src === null || broken === src) return null;
  return <img className="kyc-thumb" src={src} alt={alt} onError={() => setBroken(src)} />;
}

/** Where an upload stands: on its way, done, or refused with the catalogue's message. */
export function UploadStatus({ state }: { state: UploadState }) {
  const { t } = useTranslation('kyc');
  switch (state.phase) {
    case 'uploading':
      // fetch reports no upload progress: the bar runs until the server answers.
      return (
        <span className="kyc-progress" role="status">
          <progress aria-label={t('photo.uploading')} />
          {t('photo.uploading')}
        </span>
      );
    case 'done':
      return (
        <span className="kyc-ok" role="status" data-testid="kyc-uploaded">
          {t('photo.uploaded')}
        </span>
      );
    case 'failed':
      return (
        <span className="field-error" role="alert" data-testid="kyc-upload-error">
          {state.message}
        </span>
      );
    case 'empty':
      return null;
  }
}

/**
 * One photo: a file input that opens the camera on a phone (the back one for the document, the
 * front one for the photo holding it), sent as soon as it is chosen.
 */
function PhotoField({
  photo,
  state,
  problem,
  onChoose,
}: {
  photo: Photo;
  state: UploadState;
  problem: string | undefined;
  onChoose: (photo: Photo, file: File) => void;
}) {
  const { t } = useTranslation('kyc');
  const id = useId();
  const preview = state.phase === 'empty' ? null : state.preview;
  // The browser's own file button speaks the browser's language: ours speaks the person's.
  // The input stays in the page (hidden from sight, not from keyboards or screen readers).
  return (
    <div className="kyc-photo" data-testid={`kyc-photo-${photo}`} data-phase={state.phase}>
      <span className="field-label" id={`${id}-label`}>
        {t(`part.${photo}`)}
      </span>
      <span className="field-hint">{t(`photo.hint.${photo}`)}</span>
      <Thumb src={preview} alt={t(`part.${photo}`)} />
      <input
        id={id}
        className="kyc-file visually-hidden"
        type="file"
        accept={PHOTO_ACCEPT}
        capture={photo === 'selfie' ? 'user' : 'environment'}
        aria-labelledby={`${id}-label`}
        aria-invalid={problem === undefined && state.phase !== 'failed' ? undefined : true}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Emptied, so the same file can be chosen again after a failed upload.
          e.target.value = '';
          if (file !== undefined) onChoose(photo, file);
        }}
      />
      <label htmlFor={id} className="btn btn-ghost btn-small kyc-pick" aria-hidden="true">
        {state.phase === 'empty' ? t('photo.choose') : t('photo.change')}
      </label>
      <UploadStatus state={state} />
      {problem !== undefined && state.phase !== 'failed' && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/** The document's photos: those to take, and those staff accepted, which are kept. */
export function PhotosStep({
  all,
  toTake,
  stateOf,
  problems,
  onChoose,
}: {
  all: readonly Photo[];
  toTake: readonly Photo[];
  stateOf: (photo: Photo) => UploadState;
  problems: Partial<Record<Photo, string>>;
  onChoose: (photo: Photo, file: File) => void;
}) {
  const { t } = useTranslation('kyc');
  return (
    <div className="kyc-step-body">
      <p className="muted">{t('photo.formats')}</p>
      <div className="kyc-photos">
        {all.map((photo) =>
          toTake.includes(photo) ? (
            <PhotoField
              key={photo}
              photo={photo}
              state={stateOf(photo)}
              problem={problems[photo]}
              onChoose={onChoose}
            />
          ) : (
            <div
              key={photo}
              className="kyc-photo"
              data-testid={`kyc-photo-${photo}`}
              data-phase="kept"
            >
              <span className="field-label">{t(`part.${photo}`)}</span>
              <span className="kyc-ok">{t('photo.kept')}</span>
            </div>
          ),
        )}
      </div>
    </div>
  );
}
