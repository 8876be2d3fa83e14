import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/errors.ts';
import { KYC_LIMITS } from '../../../contract/kyc/schemas.ts';
import { upload } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';

/** One image of the form: each is uploaded as soon as it is chosen (or the signature saved). */
export type UploadState =
  | { phase: 'empty' }
  | { phase: 'uploading'; preview: string | null }
  | { phase: 'done'; preview: string | null; fileId: string }
  | { phase: 'failed'; preview: string | null; message: string };

export const EMPTY: UploadState = { phase: 'empty' };

/** What the file picker offers (SPEC §5); the server checks the bytes themselves. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/jp2';
const PHOTO_TYPES = new Set(PHOTO_ACCEPT.split(','));
/** Some systems give a JPEG 2000 file no type: its name then says what it is. */
const PHOTO_NAME = /\.(jpe?g|png|jp2|j2k|jpf)$/i;

/**
 * The file as a data: URL for its thumbnail (the server's Content-Security-Policy allows data:
 * images, not blob: ones); null when it cannot be read. A JPEG 2000 has no thumbnail in most
 * browsers: its image element hides itself.
 */
function readPreview(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** The catalogue code a chosen photo is refused with before it is sent, or null. */
export function photoProblem(file: File): number | null {
  if (!PHOTO_TYPES.has(file.type) && !PHOTO_NAME.test(file.name)) return Code.imageFormatWrong;
  if (file.size > KYC_LIMITS.imageBytesMax) return Code.imageTooLarge;
  return null;
}

/**
 * The form's uploads by slot. A slot chosen again while its last file is still on its way
 * keeps only the newest answer.
 */
export function useUploads<Slot extends string>() {
  const { t } = useTranslation();
  const [states, setStates] = useState<Partial<Record<Slot, UploadState>>>({});
  const turns = useRef(new Map<Slot, number>());
  const set = useCallback(
    (slot: Slot, state: UploadState) => setStates((s) => ({ ...s, [slot]: state })),
    [],
  );

  const start = useCallback(
    async (slot: Slot, file: Blob, route: 'uploadKycImage' | 'uploadKycSignature') => {
      const turn = (turns.current.get(slot) ?? 0) + 1;
      turns.current.set(slot, turn);
      const current = () => turns.current.get(slot) === turn;
      const preview = await readPreview(file);
      const refused = file instanceof File ? photoProblem(file) : null;
      if (!current()) return;
      if (refused !== null) {
        set(slot, { phase: 'failed', preview, message: t(`errors:${refused}`) });
        return;
      }
      set(slot, { phase: 'uploading', preview });
      try {
        const { fileId } = await upload(route, file);
        if (current()) set(slot, { phase: 'done', preview, fileId });
      } catch (err) {
        if (current()) set(slot, { phase: 'failed', preview, message: errorMessage(t, err) });
      }
    },
    [set, t],
  );

  const reset = useCallback(
    (slot: Slot) => {
      turns.current.set(slot, (turns.current.get(slot) ?? 0) + 1);
      set(slot, EMPTY);
    },
    [set],
  );

  const stateOf = (slot: Slot): UploadState => states[slot] ?? EMPTY;
  return { stateOf, start, reset };
}
