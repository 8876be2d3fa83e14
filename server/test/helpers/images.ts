import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A PNG chunk (length, type, data, CRC), to build PNGs that carry what a test needs. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `png` with `chunk` inserted right after its IHDR (which ends at byte 33). */
export function withChunk(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** A `width` x `height` RGB picture with a gradient, as PNG (a real image, not a header). */
export function gradientPng(width: number, height: number): Promise<Buffer> {
  return sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export function gradientPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / (width - 1);
      pixels[at + 1] = (y * 255) / (height - 1);
      pixels[at + 2] = 128;
    }
  }
  return pixels;
}

/** A phone photo's metadata: the camera, and where it was taken (GPS). */
export const SECRET_CAMERA = 'SecretCam-9000';
export async function jpegWithExifAndGps(width: number, height: number): Promise<Buffer> {
  return sharp(gradientPixels(width, height), { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 }) // taken with the phone turned: shown rotated 90°
    .withExif({
      IFD0: { Make: SECRET_CAMERA, Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2640/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .toBuffer();
}

interface J2KEncoder {
  getDecodedBuffer(info: {
    width: number;
    height: number;
    bitsPerSample: number;
    componentCount: number;
    isSigned: boolean;
    isUsingColorSpace: boolean;
  }): Uint8Array;
  encode(): void;
  getEncodedBuffer(): Uint8Array;
  delete(): void;
}
type OpenJpegFactory = (module: {
  print: () => void;
  printErr: () => void;
}) => Promise<{ J2KEncoder: new () => J2KEncoder }>;

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A JPEG 2000 codestream of an RGB picture, made with OpenJPEG's own encoder (lossless). */
export async function j2kCodestream(pixels: Buffer, width: number, height: number) {
  const load = createRequire(import.meta.url)(
    '@cornerstonejs/codec-openjpeg/wasmjs',
  ) as OpenJpegFactory;
  const codec = await load({ print: () => {}, printErr: () => {} });
  const encoder = new codec.J2KEncoder();
  try {
    const input = encoder.getDecodedBuffer({
      width,
      height,
      bitsPerSample: 8,
      componentCount: 3,
      isSigned: false,
      isUsingColorSpace: false,
    });
    input.set(pixels);
    encoder.encode();
    return Buffer.from(encoder.getEncodedBuffer());
  } finally {
    encoder.delete();
  }
}

/** The codestream in a JP2 file: signature, file type, header (ihdr, colour sRGB), codestream. */
export function jp2File(codestream: Buffer, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(height, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt16BE(3, 8); // components
  ihdr[10] = 7; // 8 bits, unsigned
  ihdr[11] = 7; // compression: JPEG 2000
  const colr = Buffer.from([1, 0, 0, 0, 0, 0, 16]); // enumerated: sRGB
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
    box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1')),
    box('jp2h', Buffer.concat([box('ihdr', ihdr), box('colr', colr)])),
    box('jp2c', codestream),
  ]);
}
