import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredPixels, detectImage, IMAGE_PIXELS_MAX } from './image-type.ts';

const png = readFileSync(new URL('../../../../e2e/fixtures/proof.png', import.meta.url));

describe('uploaded images are told apart by their bytes', () => {
  it('accepts a whole PNG, JPEG and JPEG 2000', async () => {
    expect(await detectImage(png)).toBe('image/png');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(32),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(await detectImage(jpeg)).toBe('image/jpeg');
    expect(await detectImage(jp2Declaring([64, 48], [64, 48]))).toBe('image/jp2');
    expect(await detectImage(Buffer.concat([siz(64, 48), Buffer.alloc(32)]))).toBe('image/jp2');
  });

  it('refuses an executable renamed .png, a truncated PNG, a GIF, HTML after a PNG and random bytes', async () => {
    const exe = readFileSync(new URL('../../../../e2e/fixtures/renamed.png', import.meta.url));
    expect(await detectImage(exe)).toBeUndefined();
    expect(await detectImage(png.subarray(0, png.length - 12))).toBeUndefined();
    expect(await detectImage(Buffer.from('GIF89a' + 'x'.repeat(40)))).toBeUndefined();
    expect(
      await detectImage(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')])),
    ).toBeUndefined();
    expect(await detectImage(Buffer.alloc(0))).toBeUndefined();
  });
});

/** A PNG signature and IHDR declaring `width` x `height`, closed by an IEND chunk. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([png.subarray(0, 8), ihdr, Buffer.alloc(64), iend]);
}

function segment(marker: number, body: number[]): Buffer {
  return Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
}

function jpegDeclaring(width: number, height: number, sof = 0xc0): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, Array<number>(65).fill(1)), // a quantisation table
    segment(sof, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
    Buffer.alloc(32, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function siz(width: number, height: number): Buffer {
  const b = Buffer.alloc(4 + 2 + 2 + 16);
  b.writeUInt16BE(0xff4f, 0); // SOC
  b.writeUInt16BE(0xff51, 2); // SIZ
  b.writeUInt16BE(41, 4);
  b.writeUInt32BE(width + 10, 8); // Xsiz, with an offset of 10
  b.writeUInt32BE(height + 10, 12);
  b.writeUInt32BE(10, 16);
  b.writeUInt32BE(10, 20);
  return b;
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function jp2Declaring(header: [number, number], codestream: [number, number]): Buffer {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(header[1], 0);
  ihdr.writeUInt32BE(header[0], 4);
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
    box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1')),
    box('jp2h', box('ihdr', ihdr)),
    box('jp2c', Buffer.concat([siz(...codestream), Buffer.alloc(32)])),
  ]);
}

describe('the pixels an image declares are read from its header, before any decoding', () => {
  it('reads PNG IHDR, JPEG SOF (baseline and progressive) and JPEG 2000 ihdr and SIZ', async () => {
    expect(declaredPixels(pngDeclaring(1920, 1080), 'image/png')).toBe(1920 * 1080);
    expect(declaredPixels(jpegDeclaring(1170, 2532), 'image/jpeg')).toBe(1170 * 2532);
    expect(declaredPixels(jpegDeclaring(800, 600, 0xc2), 'image/jpeg')).toBe(800 * 600);
    expect(declaredPixels(jp2Declaring([640, 480], [640, 480]), 'image/jp2')).toBe(640 * 480);
    expect(declaredPixels(siz(300, 200), 'image/jp2')).toBe(300 * 200);
    expect(await detectImage(pngDeclaring(1, 1))).toBe('image/png');
    expect(await detectImage(jpegDeclaring(1, 1))).toBe('image/jpeg');
  });

  it('finds the 50,000 x 50,000 bombs, also a codestream larger than its JP2 header says', () => {
    const bombs = [
      declaredPixels(pngDeclaring(50_000, 50_000), 'image/png'),
      declaredPixels(jpegDeclaring(65_000, 65_000), 'image/jpeg'),
      declaredPixels(jp2Declaring([100, 100], [50_000, 50_000]), 'image/jp2'),
      declaredPixels(siz(50_000, 50_000), 'image/jp2'),
    ];
    for (const pixels of bombs) expect(pixels).toBeGreaterThan(IMAGE_PIXELS_MAX);
  });

  it('gives no size for a header that does not declare one (refused as malformed)', () => {
    const noSof = Buffer.from([0xff, 0xd8, ...segment(0xe0, [0, 0]), 0xff, 0xd9]);
    expect(declaredPixels(noSof, 'image/jpeg')).toBeUndefined();
    expect(
      declaredPixels(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0xff, 0xd9]), 'image/jpeg'),
    ).toBeUndefined();
    expect(declaredPixels(pngDeclaring(0, 100), 'image/png')).toBeUndefined();
    expect(declaredPixels(jp2Declaring([0, 0], [0, 0]), 'image/jp2')).toBeUndefined();
  });
});
