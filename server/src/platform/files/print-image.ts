import sharp from 'sharp';
import type { StoredMime } from './clean-image.ts';
import { IMAGE_PIXELS_MAX } from './image-type.ts';

/** A stored image as a reader gets it: its bytes always come with the type they are. */
export interface StoredImage {
  mime: StoredMime;
  bytes: Buffer;
}

/**
 * A stored image made ready to print in a document (a PDF's signature): at most `width` x
 * `height` pixels, 8-bit sRGB, of the same stored type. Every upload is stored as PNG or JPEG
 * whatever was sent (JPEG 2000 becomes JPEG), so a reader that prints takes both: a signature
 * drawn on a phone and one scanned to JPEG print the same way. Scaling down first keeps a
 * document small however many pixels the upload had (up to 40 megapixels pass the kernel).
 */
export async function imageForPrint(
  image: StoredImage,
  width: number,
  height: number,
): Promise<StoredImage> {
  const pipeline = sharp(image.bytes, { limitInputPixels: IMAGE_PIXELS_MAX, failOn: 'error' })
    .resize({ width, height, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  switch (image.mime) {
    case 'image/png':
      return { mime: image.mime, bytes: await pipeline.png().toBuffer() };
    case 'image/jpeg':
      return { mime: image.mime, bytes: await pipeline.jpeg({ quality: 90 }).toBuffer() };
  }
}
