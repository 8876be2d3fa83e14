import { fileTypeFromBuffer } from 'file-type';

/**
 * The image types SPEC §5 accepts as uploads. A bare JPEG 2000 codestream (.j2k, .j2c) counts
 * as JPEG 2000 too: the same decoder reads it.
 */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/jp2';

const JP2_BOX = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];

/** What file-type names them; anything else (GIF, WebP, SVG, an executable) is refused. */
const ACCEPTED: Readonly<Record<string, ImageMime>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/jp2': 'image/jp2',
  'image/j2c': 'image/jp2',
};

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

/**
 * Whether the bytes are one whole file of `mime`: a PNG opens with IHDR and closes with IEND
 * and its CRC, a JPEG closes with EOI. So an executable glued behind a PNG header, HTML after
 * an image's end, or a truncated upload is refused before anything decodes it.
 */
function isWhole(bytes: Uint8Array, mime: ImageMime): boolean {
  if (mime === 'image/png') {
    const ihdr = startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12);
    const iend = startsWith(bytes, [0x49, 0x45, 0x4e, 0x44], bytes.length - 8);
    return ihdr && iend;
  }
  if (mime === 'image/jpeg') {
    let end = bytes.length;
    while (end > 2 && bytes[end - 1] === 0x00) end--; // some encoders pad after EOI
    return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
  }
  return true; // JPEG 2000: its boxes are walked by declaredPixels, the decoder checks the rest
}

/**
 * The type of `bytes` by their content (file-type reads the signatures; the name and the
 * declared content type are never asked), or undefined when they are not one whole JPEG, PNG
 * or JPEG 2000 image.
 */
export async function detectImage(bytes: Uint8Array): Promise<ImageMime | undefined> {
  if (bytes.length < 16) return undefined;
  const found = await fileTypeFromBuffer(bytes);
  const mime = found === undefined ? undefined : ACCEPTED[found.mime];
  return mime !== undefined && isWhole(bytes, mime) ? mime : undefined;
}

/**
 * Pixels an image may declare: 40 megapixels (an 8K screenshot is 33). Decoding allocates
 * about 4 bytes a pixel, so a 260 KB PNG declaring 50,000 x 50,000 would cost gigabytes in
 * whatever opens it later (a reviewer's browser, a thumbnailer).
 */
export const IMAGE_PIXELS_MAX = 40_000_000;

function u16(bytes: Uint8Array, at: number): number | undefined {
  const [a, b] = [bytes[at], bytes[at + 1]];
  return a === undefined || b === undefined ? undefined : (a << 8) | b;
}

function u32(bytes: Uint8Array, at: number): number | undefined {
  const hi = u16(bytes, at);
  const lo = u16(bytes, at + 2);
  return hi === undefined || lo === undefined ? undefined : hi * 0x10000 + lo;
}

/** Width times height from a JPEG's first SOF segment, walking the segments before it. */
function jpegPixels(bytes: Uint8Array): number | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16(bytes, at + 2);
    if (length === undefined || length < 2) return undefined;
    // SOF0-15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      return height === undefined || width === undefined ? undefined : width * height;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // image data before any size
    at += 2 + length;
  }
  return undefined;
}

/** Width times height from a JPEG 2000 codestream's SIZ segment (right after SOC). */
function j2kPixels(bytes: Uint8Array, at: number): number | undefined {
  if (u16(bytes, at) !== 0xff4f || u16(bytes, at + 2) !== 0xff51) return undefined;
  const [x, y, x0, y0] = [8, 12, 16, 20].map((o) => u32(bytes, at + o));
  if (x === undefined || y === undefined || x0 === undefined || y0 === undefined) return undefined;
  return Math.max(0, x - x0) * Math.max(0, y - y0);
}

/**
 * Width times height from a JP2 file's boxes: the header's ihdr and the codestream's SIZ,
 * whichever is larger (a decoder follows the codestream, whatever the header says).
 */
function jp2Pixels(bytes: Uint8Array, from: number, to: number): number | undefined {
  let found: number | undefined;
  let at = from;
  while (at + 8 <= to) {
    const declared = u32(bytes, at) ?? 0;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    let header = 8;
    let length = declared;
    if (declared === 1) {
      // A 64-bit length follows; an image that needs its high half is far over any limit.
      header = 16;
      length = (u32(bytes, at + 8) ?? 0) * 0x1_0000_0000 + (u32(bytes, at + 12) ?? 0);
    } else if (declared === 0) {
      length = to - at; // the last box runs to the end
    }
    if (length < header) return undefined;
    const end = Math.min(to, at + length);
    let pixels: number | undefined;
    if (type === 'jp2h') pixels = jp2Pixels(bytes, at + header, end);
    else if (type === 'ihdr') {
      const height = u32(bytes, at + header);
      const width = u32(bytes, at + header + 4);
      if (height !== undefined && width !== undefined) pixels = width * height;
    } else if (type === 'jp2c') pixels = j2kPixels(bytes, at + header);
    if (pixels !== undefined) found = Math.max(found ?? 0, pixels);
    at = end;
  }
  return found;
}

/**
 * Width times height as the image's header declares it, read before anything decodes the
 * image; undefined when the header does not say (the image is then refused as malformed).
 */
export function declaredPixels(bytes: Uint8Array, mime: ImageMime): number | undefined {
  let pixels: number | undefined;
  if (mime === 'image/png') {
    const width = u32(bytes, 16);
    const height = u32(bytes, 20);
    pixels = width === undefined || height === undefined ? undefined : width * height;
  } else if (mime === 'image/jpeg') pixels = jpegPixels(bytes);
  else
    pixels = startsWith(bytes, JP2_BOX) ? jp2Pixels(bytes, 0, bytes.length) : j2kPixels(bytes, 0);
  return pixels === 0 ? undefined : pixels;
}
