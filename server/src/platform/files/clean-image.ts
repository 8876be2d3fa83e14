import sharp, { type Sharp } from 'sharp';
import { Code } from '../../../../contract/errors.ts';
import { AppError } from '../../errors.ts';
import { declaredPixels, detectImage, IMAGE_PIXELS_MAX, type ImageMime } from './image-type.ts';
import { decodeJpeg2000 } from './jpeg2000.ts';

/** What is stored and served: always one of the two types every browser shows. */
export type StoredMime = 'image/png' | 'image/jpeg';

export interface CleanImage {
  mime: StoredMime;
  bytes: Buffer;
}

/** JPEG quality of re-encoded photos: no visible loss on a document, about the input's size. */
const JPEG_QUALITY = 90;

/**
 * sharp's input options: its own pixel ceiling repeats ours (a header that lied is caught by
 * the decoder too), and any decoder error (a corrupt chunk, a bad CRC) fails the image.
 */
const INPUT = {
  limitInputPixels: IMAGE_PIXELS_MAX,
  failOn: 'error',
  sequentialRead: true,
} as const;

/**
 * The pipeline for each accepted type. PNG stays PNG (screenshots: sharp text, lossless); JPEG
 * stays JPEG; JPEG 2000, which browsers other than Safari cannot show, becomes JPEG (its alpha,
 * if any, laid on white). autoOrient turns the pixels as the EXIF orientation said, since the
 * EXIF itself goes: sharp writes no metadata (EXIF, GPS, XMP, ICC, comments) unless asked.
 */
async function pipeline(bytes: Uint8Array, mime: ImageMime): Promise<[Sharp, StoredMime]> {
  if (mime === 'image/png') return [sharp(bytes, INPUT).autoOrient().png(), 'image/png'];
  if (mime === 'image/jpeg') {
    return [sharp(bytes, INPUT).autoOrient().jpeg({ quality: JPEG_QUALITY }), 'image/jpeg'];
  }
  const raw = await decodeJpeg2000(bytes, IMAGE_PIXELS_MAX);
  const { width, height, channels } = raw;
  const image = sharp(raw.data, { raw: { width, height, channels }, limitInputPixels: false });
  return [image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }), 'image/jpeg'];
}

/**
 * Checks an upload by its content and re-encodes it: only a whole JPEG, PNG or JPEG 2000 image
 * (SPEC §5) passes (else 10124); the pixels its header declares are checked before anything
 * decodes it (a pixel bomb: 10154); what comes out is freshly encoded pixels, so nothing of the
 * upload but its picture survives (metadata, trailing data, a polyglot's other reading).
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage> {
  const mime = await detectImage(bytes);
  if (mime === undefined) throw new AppError(Code.imageFormatWrong);
  const pixels = declaredPixels(bytes, mime);
  if (pixels === undefined) throw new AppError(Code.imageFormatWrong);
  if (pixels > IMAGE_PIXELS_MAX) throw new AppError(Code.imagePixelsTooMany);
  const [image, out] = await pipeline(bytes, mime);
  try {
    return { mime: out, bytes: await image.toBuffer() };
  } catch {
    // sharp refuses what its decoders cannot read (a corrupt chunk, a bad CRC, data cut short).
    throw new AppError(Code.imageFormatWrong);
  }
}
