import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import { Keyring, type MasterKey } from './envelope.ts';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Where the generated master key of the embedded default is kept (docs/files.md). */
export const GENERATED_KEY_FILE = 'files-master.key';

/**
 * FILES_MASTER_KEYS: `id:base64,id:base64`, the first the current key, each 32 bytes (256
 * bits). Ids name the key a file's data key was wrapped with, so they must stay unique.
 */
export function parseMasterKeys(text: string, name = 'FILES_MASTER_KEYS'): MasterKey[] {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (entries.length === 0) throw new ConfigError(`${name}: no key (expected id:base64,...)`);
  const keys = entries.map((entry) => {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    if (at < 0 || !KEY_ID.test(id)) {
      throw new ConfigError(`${name}: each entry is id:base64, the id 1-32 of A-Z a-z 0-9 _ -`);
    }
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (key.length !== 32 || key.toString('base64') !== entry.slice(at + 1)) {
      throw new ConfigError(`${name}: key "${id}" is not 32 bytes in base64`);
    }
    return { id, key };
  });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new ConfigError(`${name}: a key id is used twice`);
  }
  return keys;
}

/** A new master key in the configuration's format (`npm run files-keys -- --new`, the default). */
export function newMasterKeyEntry(id: string): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/**
 * The embedded default's key: generated once into DATA_DIR (mode 0600) and read at each later
 * start, so a newcomer's `npm start` needs no setting. Two processes starting together on one
 * DATA_DIR both end up with the one written first ('wx' refuses to overwrite).
 */
async function generatedKeys(dataDir: string): Promise<MasterKey[]> {
  const file = path.join(dataDir, GENERATED_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  const entry = newMasterKeyEntry(`local-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(file, `${entry}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseMasterKeys(await readFile(file, 'utf8'), file);
}

/**
 * The master keys: FILES_MASTER_KEYS when set; else the generated key in DATA_DIR. A
 * production server on PostgreSQL must be given its keys: its nodes may not share a DATA_DIR,
 * and a node with a key of its own could not read the files the others store.
 */
export async function keyringOf(config: Config): Promise<Keyring> {
  if (config.FILES_MASTER_KEYS !== '')
    return new Keyring(parseMasterKeys(config.FILES_MASTER_KEYS));
  if (config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined) {
    throw new ConfigError(
      'FILES_MASTER_KEYS is required in production on PostgreSQL: every node must hold the same keys (docs/files.md)',
    );
  }
  return new Keyring(await generatedKeys(config.DATA_DIR));
}
