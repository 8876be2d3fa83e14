import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/audit/audit-log.ts';
import { loadConfig } from '../src/platform/config.ts';
import { Keyring, MasterKeyMissing } from '../src/platform/files/envelope.ts';
import { Files } from '../src/platform/files/files.ts';
import { GENERATED_KEY_FILE, parseMasterKeys } from '../src/platform/files/master-keys.ts';
import { rewrapAll } from '../src/platform/files/rotate.ts';
import { createServer, type Server } from '../src/server.ts';
import {
  declareDeposit,
  quickUser,
  staffSession,
  uploadProof,
  USER,
  ADMIN,
} from './helpers/funds.ts';
import { gradientPng } from './helpers/images.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** Master keys, their rotation, the generated default, and proofs moved from plaintext. */
const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const K1 = key('k1');
const K2 = key('k2');

function filesUnder(server: Server, keys: string): Files {
  return new Files(
    server.db,
    new Keyring(parseMasterKeys(keys)),
    server.files.kinds,
    new AuditLog(server.db),
  );
}

async function upload(server: TestServer, token: string, width: number): Promise<string> {
  const res = await uploadProof(server, token, await gradientPng(width, 10));
  expect(res.code).toBe(200);
  return (res.result as { proofId: string }).proofId;
}

describe('key rotation (FILES_MASTER_KEYS)', () => {
  let server: TestServer;
  let alice: { id: number; token: string };
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', FILES_MASTER_KEYS: K1 });
    alice = await quickUser(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('rewraps every data key under the new key in batches; the old key can then go', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await upload(server, alice.token, 10 + i));
    const reader = { userId: alice.id };
    const plain = await Promise.all(ids.map((id) => server.files.read(id, reader)));
    const before = await server.db.query<{
      id: string;
      ciphertext: Uint8Array;
      wrapped_key: Uint8Array;
    }>('select id, ciphertext, wrapped_key from files order by id');

    const report = await rewrapAll(server.db, new Keyring(parseMasterKeys(`${K2},${K1}`)), 2);
    expect(report).toEqual({ rewrapped: before.length, missing: {} });
    const after = await server.db.query<{
      id: string;
      master_key_id: string;
      ciphertext: Uint8Array;
      wrapped_key: Uint8Array;
    }>('select id, master_key_id, ciphertext, wrapped_key from files order by id');
    expect(new Set(after.map((r) => r.master_key_id))).toEqual(new Set(['k2']));
    after.forEach((r, i) => {
      // Only the wrapped data key changed; the content was not touched.
      expect(Buffer.from(r.ciphertext).equals(Buffer.from(before[i]?.ciphertext ?? []))).toBe(true);
      expect(Buffer.from(r.wrapped_key).equals(Buffer.from(before[i]?.wrapped_key ?? []))).toBe(
        false,
      );
    });

    // FILES_MASTER_KEYS=k2 alone: every file still reads, byte for byte.
    const k2Only = filesUnder(server, K2);
    for (const [i, id] of ids.entries()) {
      expect((await k2Only.read(id, reader)).bytes.equals(plain[i]?.bytes ?? Buffer.alloc(0))).toBe(
        true,
      );
    }
    // And the old key alone opens nothing any more.
    await expect(filesUnder(server, K1).read(ids[0] ?? '', reader)).rejects.toThrow(
      MasterKeyMissing,
    );
    // A second run has nothing to do.
    expect(await rewrapAll(server.db, new Keyring(parseMasterKeys(K2)))).toEqual({
      rewrapped: 0,
      missing: {},
    });
  });

  it('reports files under a key no longer configured, and leaves them as they are', async () => {
    const k0 = key('k0');
    const old = filesUnder(server, k0);
    const id = await old.store({
      owner: alice.id,
      kind: 'funds.deposit-proof',
      bytes: await gradientPng(8, 8),
    });
    const report = await rewrapAll(server.db, new Keyring(parseMasterKeys(K2)));
    expect(report).toEqual({ rewrapped: 0, missing: { k0: 1 } });
    expect((await old.read(id, { userId: alice.id })).bytes.length).toBeGreaterThan(0);
  });

  it("a file's sealed bytes copied into another row do not open there (bound to their id)", async () => {
    const a = await upload(server, alice.token, 30);
    const b = await upload(server, alice.token, 31);
    await server.db.query(
      `update files set ciphertext = s.ciphertext, iv = s.iv, tag = s.tag, bytes = s.bytes,
              wrapped_key = s.wrapped_key
         from (select * from files where id = $1) s where files.id = $2`,
      [a, b],
    );
    await expect(server.files.read(b, { userId: alice.id })).rejects.toThrow();
  });
});

describe('the generated master key, and rotating onto configured keys with the command line', () => {
  let dataDir: string;
  const env = (more: Record<string, string>) => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PGLITE_STORAGE: 'disk',
    LOG_LEVEL: 'silent',
    APP_DIST: '',
    MARKET_FEED: 'off',
    MARKET_BACKFILL_DAYS: '1',
    ...more,
  });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-files-keys-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function run(more: Record<string, string>, fn: (s: Server) => Promise<void>) {
    const server = await createServer(loadConfig(env(more)));
    try {
      await server.app.ready();
      await fn(server);
    } finally {
      await server.close();
    }
  }

  async function cli(args: string[], more: Record<string, string>): Promise<string> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/files-keys-cli.ts', ...args],
      {
        env: { ...process.env, ...env(more) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    return out;
  }

  it('generates one key (0600) at the first start, reads with it after a restart, and rotates away from it', async () => {
    let id = '';
    let bytes: Buffer = Buffer.alloc(0);
    await run({}, async (s) => {
      const owner = await s.db.query<{ id: number }>(
        `insert into users (username, email, password_hash, invite_code)
         values ('keys1', 'keys1@example.test', 'x', 'KEYS1') returning id`,
      );
      const userId = Number(owner[0]?.id);
      id = await s.files.store({
        owner: userId,
        kind: 'funds.deposit-proof',
        bytes: await gradientPng(12, 12),
      });
      bytes = (await s.files.read(id, { userId })).bytes;
    });
    const keyFile = path.join(dataDir, GENERATED_KEY_FILE);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const generated = (await readFile(keyFile, 'utf8')).trim();
    expect(generated).toMatch(/^local-[0-9a-f]{8}:[A-Za-z0-9+/]{43}=$/);
    const userId = async (s: Server) =>
      Number(
        (await s.db.query<{ id: number }>("select id from users where username = 'keys1'"))[0]?.id,
      );

    await run({}, async (s) => {
      expect((await s.files.read(id, { userId: await userId(s) })).bytes.equals(bytes)).toBe(true);
    });
    expect(await cli(['--rewrap'], { FILES_MASTER_KEYS: `${K2},${generated}` })).toContain(
      'Rewrapped 1 data keys under "k2"',
    );
    expect(await cli(['--status'], { FILES_MASTER_KEYS: K2 })).toContain('{"k2":1}');
    await run({ FILES_MASTER_KEYS: K2 }, async (s) => {
      expect((await s.files.read(id, { userId: await userId(s) })).bytes.equals(bytes)).toBe(true);
    });
    expect(await cli(['--new', 'k3'], {})).toMatch(/^k3:[A-Za-z0-9+/]{43}=\n$/);
  }, 120_000);
});

describe('deposit proofs stored as plaintext before the files kernel', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off' });
  });
  afterAll(async () => {
    await server.close();
  });

  const validated = async () =>
    (
      await server.db.query<{ convalidated: boolean }>(
        "select convalidated from pg_constraint where conname = 'deposits_proof_file'",
      )
    )[0]?.convalidated;

  /** Puts a stored proof back as it was before migration 016: a `proofs` row and a plaintext file. */
  async function asLegacy(id: string, bytes: Buffer | undefined, owner: number) {
    await server.db.transaction(async (tx) => {
      await tx.query('alter table deposits drop constraint deposits_proof_file');
      await tx.query('delete from files where id = $1', [id]);
      await tx.query(
        `insert into proofs (id, user_id, mime, bytes, sha256, created_at)
         values ($1, $2, 'image/png', 100, 'x', '2026-01-02T03:04:05Z')`,
        [id, owner],
      );
      await tx.query(
        `alter table deposits add constraint deposits_proof_file foreign key (proof_id)
           references files (id) not valid`,
      );
    });
    if (bytes !== undefined) {
      await mkdir(path.join(server.dataDir, 'proofs'), { recursive: true });
      await writeFile(path.join(server.dataDir, 'proofs', id), bytes);
    }
  }

  it('moves them under their ids at start-up, deletes the plaintext, and is idempotent', async () => {
    const user = await quickUser(server);
    const reviewer = await staffSession(server, 'reviewer');
    const deposit = await declareDeposit(server, user.token);
    const [dep] = await server.db.query<{ proof_id: string }>(
      'select proof_id from deposits where id = $1',
      [(deposit.result as { id: number }).id],
    );
    const attached = dep?.proof_id ?? '';
    const png = await gradientPng(16, 16);
    await asLegacy(attached, png, user.id);
    const lost = randomBytes(16).toString('hex');
    await asLegacy(lost, undefined, user.id); // its bytes are on another node, or gone
    const proofs = server.modules.funds.proofs;

    expect(await proofs.moveLegacy()).toEqual({ moved: 1, left: 1 });
    expect(await validated()).toBe(false);
    const [row] = await server.db.query<{ owner_id: number; kind: string; created_at: Date }>(
      'select owner_id, kind, created_at from files where id = $1',
      [attached],
    );
    expect([
      Number(row?.owner_id),
      row?.kind,
      new Date(row?.created_at ?? 0).toISOString(),
    ]).toEqual([user.id, 'funds.deposit-proof', '2026-01-02T03:04:05.000Z']);
    await expect(stat(path.join(server.dataDir, 'proofs', attached))).rejects.toThrow();
    const view = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/proof/${attached}`,
      headers: { authorization: reviewer.token },
    });
    expect([view.statusCode, view.headers['content-type']]).toEqual([200, 'image/png']);

    // The lost one's bytes turn up; a stop had also left a moved proof's plaintext behind.
    await mkdir(path.join(server.dataDir, 'proofs'), { recursive: true });
    await writeFile(path.join(server.dataDir, 'proofs', lost), png);
    await writeFile(path.join(server.dataDir, 'proofs', attached), png);
    expect(await proofs.moveLegacy()).toEqual({ moved: 1, left: 0 });
    expect(await validated()).toBe(true);
    await expect(stat(path.join(server.dataDir, 'proofs'))).rejects.toThrow();
    expect(await proofs.moveLegacy()).toEqual({ moved: 0, left: 0 });
    const own = await server.app.inject({
      method: 'GET',
      url: `${USER}/file/${lost}`,
      headers: { authorization: user.token },
    });
    expect(own.statusCode).toBe(200);
  });
});
