import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { IMAGE_PIXELS_MAX } from '../src/platform/files/image-type.ts';
import { PNG_1PX, quickUser, uploadProof } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A proof image is refused by the pixels its header declares, before anything decodes it: a
 * 260 KB PNG declaring 50,000 x 50,000 pixels was accepted. Nothing is stored for a refusal.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
});
afterAll(async () => {
  await server.close();
});

/** PNG_1PX with its IHDR declaring `width` x `height`, padded to `size` bytes before IEND. */
function pngDeclaring(width: number, height: number, size: number): Buffer {
  const png = Buffer.from(PNG_1PX);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const iend = png.subarray(png.length - 12);
  return Buffer.concat([png.subarray(0, png.length - 12), Buffer.alloc(size), iend]);
}

describe('proof images over the pixel limit', () => {
  it('refuses a 260 KB PNG declaring 50,000 x 50,000 pixels and stores nothing', async () => {
    const user = await quickUser(server);
    const before = await server.count('files');
    const bomb = pngDeclaring(50_000, 50_000, 260 * 1024);
    const res = await uploadProof(server, user.token, bomb);
    expect(res).toEqual({ status: 200, code: Code.imagePixelsTooMany, result: null });
    expect(await server.count('files')).toBe(before);
  });

  it('refuses one pixel over the limit and accepts the limit itself', async () => {
    const user = await quickUser(server);
    const width = 8000;
    const height = IMAGE_PIXELS_MAX / width;
    const over = await uploadProof(server, user.token, pngDeclaring(width, height + 1, 64));
    expect(over.code).toBe(Code.imagePixelsTooMany);
    // A real image at the limit: it is decoded and re-encoded (a white page compresses well).
    const page = { width, height, channels: 3, background: '#ffffff' } as const;
    const real = await sharp({ create: page }).png().toBuffer();
    const at = await uploadProof(server, user.token, real);
    expect(at.code).toBe(200);
  });

  it('refuses a JPEG whose frame header declares 60,000 x 60,000', async () => {
    const user = await quickUser(server);
    const sof = [0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0];
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      ...sof,
      0xff,
      0xda,
      0,
      2,
      ...Array(64).fill(7),
      0xff,
      0xd9,
    ]);
    const before = await server.count('files');
    expect((await uploadProof(server, user.token, jpeg, 'image/jpeg')).code).toBe(
      Code.imagePixelsTooMany,
    );
    expect(await server.count('files')).toBe(before);
  });
});
