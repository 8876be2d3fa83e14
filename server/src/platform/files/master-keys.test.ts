import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { Keyring, open, rewrap, seal } from './envelope.ts';
import { keyringOf, parseMasterKeys } from './master-keys.ts';

const b64 = () => randomBytes(32).toString('base64');

describe('FILES_MASTER_KEYS', () => {
  it('reads id:base64 entries, the first the current key', () => {
    const keys = parseMasterKeys(`k2:${b64()}, k1:${b64()}`);
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(new Keyring(keys).current.id).toBe('k2');
  });

  it('names the setting and the fault of a bad value', () => {
    for (const bad of [
      'k1',
      `:${b64()}`,
      `k 1:${b64()}`,
      `k1:${randomBytes(16).toString('base64')}`,
      'k1:not base64 at all',
      `k1:${b64()},k1:${b64()}`,
    ]) {
      expect(() => parseMasterKeys(bad)).toThrow(ConfigError);
      expect(() => parseMasterKeys(bad)).toThrow(/FILES_MASTER_KEYS/);
    }
  });

  it('is required in production on PostgreSQL, and generated once elsewhere', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kestrel-keys-'));
    try {
      const production = loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        DATABASE_URL: 'postgres://127.0.0.1/none',
      });
      await expect(keyringOf(production)).rejects.toThrow(/FILES_MASTER_KEYS is required/);
      const embedded = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
      const first = await keyringOf(embedded);
      const again = await keyringOf(embedded);
      expect(again.current.id).toBe(first.current.id);
      expect(again.current.key.equals(first.current.key)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the envelope', () => {
  it('seals under the current key, opens after a rewrap with the new key alone', () => {
    const [k2, k1] = parseMasterKeys(`k2:${b64()},k1:${b64()}`);
    if (k1 === undefined || k2 === undefined) throw new Error('two keys');
    const id = 'a'.repeat(32);
    const sealed = seal(new Keyring([k1]), id, Buffer.from('picture'));
    expect(sealed.masterKeyId).toBe('k1');
    const moved = { ...sealed, ...rewrap(new Keyring([k2, k1]), id, sealed) };
    expect(moved.masterKeyId).toBe('k2');
    expect(open(new Keyring([k2]), id, moved).toString()).toBe('picture');
    // Bound to the file's id: the same sealed bytes do not open as another file.
    expect(() => open(new Keyring([k2]), 'b'.repeat(32), moved)).toThrow();
  });
});
