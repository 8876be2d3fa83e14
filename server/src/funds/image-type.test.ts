import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-type.ts';

const png = readFileSync(new URL('../../../e2e/fixtures/proof.png', import.meta.url));

describe('proof images are told apart by their bytes', () => {
  it('accepts a whole PNG, JPEG and JPEG 2000', () => {
    expect(sniffImage(png)).toBe('image/png');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(32),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(sniffImage(jpeg)).toBe('image/jpeg');
    const jp2 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
      Buffer.alloc(32),
    ]);
    expect(sniffImage(jp2)).toBe('image/jp2');
  });

  it('refuses an executable renamed .png, a truncated PNG and random bytes', () => {
    const exe = readFileSync(new URL('../../../e2e/fixtures/renamed.png', import.meta.url));
    expect(sniffImage(exe)).toBeUndefined();
    expect(sniffImage(png.subarray(0, png.length - 12))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a' + 'x'.repeat(40)))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});
