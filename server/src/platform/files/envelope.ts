import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { assert } from '../../assert.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const WRAPPED_KEY_BYTES = IV_BYTES + KEY_BYTES + TAG_BYTES;

/** A master key from configuration: its id is stored beside every data key it wraps. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The master keys in force: the first seals new files, every one opens what it sealed. */
export class Keyring {
  private readonly byIdMap: ReadonlyMap<string, Buffer>;

  constructor(readonly keys: readonly MasterKey[]) {
    assert(keys.length > 0, 'a keyring holds at least one master key');
    for (const k of keys) assert(k.key.length === KEY_BYTES, 'master keys are 256-bit');
    this.byIdMap = new Map(keys.map((k) => [k.id, k.key]));
    assert(this.byIdMap.size === keys.length, 'master key ids are unique');
  }

  get current(): MasterKey {
    const first = this.keys[0];
    assert(first !== undefined, 'a keyring holds at least one master key');
    return first;
  }

  has(id: string): boolean {
    return this.byIdMap.has(id);
  }

  keyOf(id: string): Buffer | undefined {
    return this.byIdMap.get(id);
  }
}

/** One file as stored: the content sealed under its data key, the data key under a master key. */
export interface Sealed {
  masterKeyId: string;
  /** iv (12) + the data key encrypted (32) + GCM tag (16). */
  wrappedKey: Buffer;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/**
 * Associated data binds each ciphertext to its row: a data key wrapped for one file (or under
 * one master key id) does not open under another, and a file's bytes copied into another row
 * fail their tag, so a database writer cannot swap two people's documents unnoticed.
 */
function contentAad(fileId: string): Buffer {
  return Buffer.from(`kestrel.files.content.v1:${fileId}`, 'utf8');
}
function keyAad(fileId: string, masterKeyId: string): Buffer {
  return Buffer.from(`kestrel.files.key.v1:${fileId}:${masterKeyId}`, 'utf8');
}

function gcmSeal(key: Buffer, plaintext: Buffer, aad: Buffer) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

/** Throws when the key is wrong or anything was altered (GCM's tag). */
function gcmOpen(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** Wraps a data key under a master key (AES-256-GCM, like the content). */
function wrap(master: MasterKey, fileId: string, dataKey: Buffer): Buffer {
  const w = gcmSeal(master.key, dataKey, keyAad(fileId, master.id));
  return Buffer.concat([w.iv, w.ciphertext, w.tag]);
}

function unwrap(keyring: Keyring, fileId: string, masterKeyId: string, wrapped: Buffer): Buffer {
  const master = keyring.keyOf(masterKeyId);
  if (master === undefined) throw new MasterKeyMissing(masterKeyId);
  assert(wrapped.length === WRAPPED_KEY_BYTES, 'a wrapped key is iv, key and tag');
  const iv = wrapped.subarray(0, IV_BYTES);
  const body = wrapped.subarray(IV_BYTES, IV_BYTES + KEY_BYTES);
  const tag = wrapped.subarray(IV_BYTES + KEY_BYTES);
  return gcmOpen(master, iv, body, tag, keyAad(fileId, masterKeyId));
}

/** Encrypts one file under a fresh random 256-bit data key, wrapped by the current master key. */
export function seal(keyring: Keyring, fileId: string, plaintext: Buffer): Sealed {
  const dataKey = randomBytes(KEY_BYTES);
  const content = gcmSeal(dataKey, plaintext, contentAad(fileId));
  const master = keyring.current;
  return {
    masterKeyId: master.id,
    wrappedKey: wrap(master, fileId, dataKey),
    iv: content.iv,
    tag: content.tag,
    ciphertext: content.ciphertext,
  };
}

/** The file's bytes; throws MasterKeyMissing, or an Error when anything was altered. */
export function open(keyring: Keyring, fileId: string, sealed: Sealed): Buffer {
  const dataKey = unwrap(keyring, fileId, sealed.masterKeyId, sealed.wrappedKey);
  return gcmOpen(dataKey, sealed.iv, sealed.ciphertext, sealed.tag, contentAad(fileId));
}

/** The data key of a file, wrapped again under the current master key (the content is untouched). */
export function rewrap(
  keyring: Keyring,
  fileId: string,
  sealed: Pick<Sealed, 'masterKeyId' | 'wrappedKey'>,
): Pick<Sealed, 'masterKeyId' | 'wrappedKey'> {
  const dataKey = unwrap(keyring, fileId, sealed.masterKeyId, sealed.wrappedKey);
  const master = keyring.current;
  return { masterKeyId: master.id, wrappedKey: wrap(master, fileId, dataKey) };
}

/** A file sealed under a master key that is no longer configured. */
export class MasterKeyMissing extends Error {
  override name = 'MasterKeyMissing';
  constructor(readonly masterKeyId: string) {
    super(`master key "${masterKeyId}" is not in FILES_MASTER_KEYS`);
  }
}
