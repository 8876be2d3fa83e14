import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { depositProofKind } from '../src/funds/files.ts';
import { InvariantError } from '../src/assert.ts';
import { FILE_VIEW_ACTION } from '../src/platform/files/files.ts';
import { jpeg2000Stats } from '../src/platform/files/jpeg2000.ts';
import { ADMIN, PNG_1PX, quickUser, staffSession, uploadProof, USER } from './helpers/funds.ts';
import {
  gradientPixels,
  gradientPng,
  j2kCodestream,
  jp2File,
  jpegWithExifAndGps,
  pngChunk,
  SECRET_CAMERA,
  withChunk,
} from './helpers/images.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The files kernel through deposit proofs, its first kind: uploads checked by their content
 * and re-encoded, stored encrypted, served only to the owner and to the staff roles the kind
 * names, each staff read audited. Every refusal has its catalogue code and writes nothing.
 */
let server: TestServer;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let reviewer: { username: string; token: string };
let support: { username: string; token: string };

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  alice = await quickUser(server);
  bob = await quickUser(server);
  reviewer = await staffSession(server, 'reviewer');
  support = await staffSession(server, 'support');
});
afterAll(async () => {
  await server.close();
});

async function written(): Promise<{ files: number; audit: number }> {
  return { files: await server.count('files'), audit: await server.count('audit_log') };
}

async function stored(token: string, bytes: Buffer, type = 'image/png'): Promise<string> {
  const res = await uploadProof(server, token, bytes, type);
  expect(res.code).toBe(Code.ok);
  return (res.result as { proofId: string }).proofId;
}

function get(url: string, token?: string) {
  return server.app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { authorization: token },
  });
}

/** A PNG signature and IHDR declaring `width` x `height`, a tiny body, closed by IEND. */
function pngBomb(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1PX);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

describe('uploads that are not a JPEG, PNG or JPEG 2000 image', () => {
  it('are refused with their code and write nothing', async () => {
    const gif = await sharp(PNG_1PX).gif().toBuffer();
    const webp = await sharp(PNG_1PX).webp().toBuffer();
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(512),
    ]);
    const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script>');
    const cases: [string, Buffer, string, number, number][] = [
      ['an ELF executable named .png', elf, 'image/png', Code.imageFormatWrong, 200],
      ['a Windows executable named .png', pe, 'image/png', Code.imageFormatWrong, 200],
      ['an SVG with scripts', svg, 'image/svg+xml', Code.imageFormatWrong, 200],
      ['HTML named .jpg', html, 'image/jpeg', Code.imageFormatWrong, 200],
      ['HTML after a PNG', Buffer.concat([PNG_1PX, html]), 'image/png', Code.imageFormatWrong, 200],
      ['a GIF', gif, 'image/gif', Code.imageFormatWrong, 200],
      ['a WebP', webp, 'image/webp', Code.imageFormatWrong, 200],
      ['a PNG declaring 50,000 x 50,000', pngBomb(50_000, 50_000), 'image/png', 10154, 200],
      [
        'a JPEG 2000 declaring 60,000 x 60,000',
        jp2File(Buffer.alloc(0), 60_000, 60_000),
        'image/jp2',
        10154,
        200,
      ],
      ['3 MB, streamed', Buffer.alloc(3 * 1024 * 1024, 0x89), 'image/png', Code.imageTooLarge, 413],
      ['an empty file', Buffer.alloc(0), 'image/png', Code.proofRequired, 200],
    ];
    const before = await written();
    const answers = [];
    for (const [name, bytes, type] of cases) {
      const res = await uploadProof(server, alice.token, bytes, type);
      answers.push([name, res.code, res.status]);
    }
    expect(answers).toEqual(cases.map(([name, , , code, status]) => [name, code, status]));
    expect(await written()).toEqual(before);
  });

  it('keeps nothing of an HTML payload hidden in a PNG text chunk: only the picture', async () => {
    const script = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = withChunk(
      await gradientPng(32, 24),
      pngChunk('tEXt', Buffer.from(`c\0${script}`)),
    );
    expect(polyglot.includes(script)).toBe(true);
    const id = await stored(alice.token, polyglot);
    const served = await get(`${USER}/file/${id}`, alice.token);
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 32, height: 24 });
  });

  it('refuses an undeclared kind before anything runs', async () => {
    const before = await written();
    await expect(
      server.files.store({ owner: alice.id, kind: 'funds.undeclared', bytes: PNG_1PX }),
    ).rejects.toThrow(InvariantError);
    expect(await written()).toEqual(before);
  });
});

describe('who may read a file', () => {
  let id: string;
  beforeAll(async () => {
    id = await stored(alice.token, await gradientPng(40, 30));
  });

  it('its owner, as stored: inline, its own type, nosniff and a policy that runs nothing', async () => {
    const res = await get(`${USER}/file/${id}`, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('not another person: the same not-found as an id that does not exist', async () => {
    const other = await get(`${USER}/file/${id}`, bob.token);
    const none = await get(`${USER}/file/${'0'.repeat(32)}`, bob.token);
    expect([other.statusCode, other.json()]).toEqual([404, { code: Code.notFound, result: null }]);
    expect([none.statusCode, none.body]).toEqual([other.statusCode, other.body]);
  });

  it("not a person's token on the staff calls", async () => {
    for (const url of [`${ADMIN}/file/${id}`, `${ADMIN}/proof/${id}`]) {
      const res = await get(url, alice.token);
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });

  it('not a staff role the kind does not name (support), and that refusal is not audited', async () => {
    const before = await written();
    const byKernel = await get(`${ADMIN}/file/${id}`, support.token);
    expect([byKernel.statusCode, byKernel.json()]).toEqual([
      404,
      { code: Code.notFound, result: null },
    ]);
    const byProofRoute = await get(`${ADMIN}/proof/${id}`, support.token);
    expect(byProofRoute.json()).toEqual({ code: Code.staffForbidden, result: null });
    expect(await written()).toEqual(before);
    expect(depositProofKind.staffRoles).not.toContain('support');
  });

  it('a reviewer, each read audited, and the person can be told who viewed their files', async () => {
    const before = await written();
    expect((await get(`${ADMIN}/proof/${id}`, reviewer.token)).statusCode).toBe(200);
    expect((await get(`${ADMIN}/file/${id}`, reviewer.token)).statusCode).toBe(200);
    expect(await written()).toEqual({ files: before.files, audit: before.audit + 2 });
    const rows = await server.db.query<{ action: string; target: string; after: unknown }>(
      'select action, target, after from audit_log where action = $1 order by id desc limit 2',
      [FILE_VIEW_ACTION],
    );
    const entry = { owner: alice.id, kind: 'funds.deposit-proof', role: 'reviewer' };
    expect(rows).toEqual([
      { action: FILE_VIEW_ACTION, target: `file:${id}`, after: entry },
      { action: FILE_VIEW_ACTION, target: `file:${id}`, after: entry },
    ]);
    const views = await server.files.viewsOf(alice.id);
    expect(views.slice(0, 2)).toEqual([
      {
        fileId: id,
        kind: 'funds.deposit-proof',
        staffUsername: reviewer.username,
        staffRole: 'reviewer',
        at: expect.any(String),
      },
      {
        fileId: id,
        kind: 'funds.deposit-proof',
        staffUsername: reviewer.username,
        staffRole: 'reviewer',
        at: expect.any(String),
      },
    ]);
    expect(await server.files.viewsOf(bob.id)).toEqual([]);
  });
});

describe('what is stored and what is served', () => {
  it('stores no plaintext image and no EXIF; serves the picture without EXIF or GPS, turned upright', async () => {
    const photo = await jpegWithExifAndGps(64, 48);
    const inputMeta = await sharp(photo).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(photo.includes(SECRET_CAMERA)).toBe(true);
    expect(inputMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD tag
    const id = await stored(alice.token, photo, 'image/jpeg');

    const [row] = await server.db.query<{ ciphertext: Uint8Array; bytes: number; mime: string }>(
      'select ciphertext, bytes, mime from files where id = $1',
      [id],
    );
    const sealed = Buffer.from(row?.ciphertext ?? new Uint8Array());
    expect(sealed.length).toBe(row?.bytes);
    for (const signature of [
      Buffer.from([0xff, 0xd8, 0xff]), // JPEG
      Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
      Buffer.from('Exif\0\0'),
      Buffer.from('JFIF'),
      Buffer.from(SECRET_CAMERA),
    ]) {
      expect(sealed.includes(signature)).toBe(false);
    }

    const served = (await get(`${USER}/file/${id}`, alice.token)).rawPayload;
    expect(row?.mime).toBe('image/jpeg');
    expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.includes('Exif')).toBe(false);
    expect(served.includes(SECRET_CAMERA)).toBe(false);
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([48, 64, 1]);
  });

  it('a PNG stays a lossless PNG: the same pixels come back', async () => {
    const png = await gradientPng(20, 10);
    const id = await stored(alice.token, png);
    const served = (await get(`${USER}/file/${id}`, alice.token)).rawPayload;
    const raw = await sharp(served).removeAlpha().raw().toBuffer();
    expect(raw.equals(gradientPixels(20, 10))).toBe(true);
  });
});

describe('JPEG 2000 (decoded by OpenJPEG in WebAssembly, served as JPEG)', () => {
  async function meanDifference(served: Buffer, width: number, height: number) {
    const raw = await sharp(served).raw().toBuffer();
    const want = gradientPixels(width, height);
    let sum = 0;
    for (let i = 0; i < want.length; i++) sum += Math.abs((raw[i] ?? 0) - (want[i] ?? 0));
    return sum / want.length;
  }

  it('a JP2 file and a bare codestream both come back as the same picture', async () => {
    const [width, height] = [96, 64];
    const codestream = await j2kCodestream(gradientPixels(width, height), width, height);
    for (const [bytes, type] of [
      [jp2File(codestream, width, height), 'image/jp2'],
      [codestream, 'application/octet-stream'],
    ] as const) {
      const id = await stored(alice.token, bytes, type);
      const res = await get(`${USER}/file/${id}`, alice.token);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
      expect(await meanDifference(res.rawPayload, width, height)).toBeLessThan(3);
    }
  });

  it('decodes a burst of uploads two at a time, every one answered', async () => {
    const [width, height] = [64, 48];
    const jp2 = jp2File(
      await j2kCodestream(gradientPixels(width, height), width, height),
      width,
      height,
    );
    const before = jpeg2000Stats.decoded;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => uploadProof(server, bob.token, jp2, 'image/jp2')),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(Code.ok));
    expect(jpeg2000Stats.decoded - before).toBe(6);
  });

  it('refuses a JP2 whose header is sound but whose codestream is not one', async () => {
    const before = await written();
    const broken = jp2File(
      Buffer.concat([Buffer.from([0xff, 0x4f, 0xff, 0x51]), Buffer.alloc(60, 7)]),
      64,
      48,
    );
    expect((await uploadProof(server, alice.token, broken, 'image/jp2')).code).toBe(
      Code.imageFormatWrong,
    );
    expect(await written()).toEqual(before);
  });
});
