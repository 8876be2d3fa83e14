import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConcurrencyGate, type Lane } from './concurrency-gate.ts';

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Hashes running at once: one per core, but no more than three of libuv's four pool threads, so
 * file and DNS work still get one. Each takes 128 MiB and a core for a fraction of a second;
 * more at once only makes every one of them slower (a real sign-in took 7.5 s behind 40 wrong
 * ones). Twice as many may wait, and at least four, so one person's five tries of the sign-in
 * limit always fit; beyond that a call is refused at once as busy. Checks against an account's
 * own hash go first: a storm of names that match nothing (each checked against the decoy) or
 * of sign-ups cannot shut out the people who have an account (docs/decisions.md).
 */
const HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), 3));
export const hashGate = new ConcurrencyGate(HASH_SLOTS, Math.max(4, HASH_SLOTS * 2));

function scrypt(
  lane: Lane,
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return hashGate.run(
    lane,
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/**
 * `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes.
 * `first` for a signed-in person's new password; sign-ups and resets wait in the normal lane.
 */
export async function hashPassword(password: string, lane: Lane = 'normal'): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(lane, password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

async function verify(lane: Lane, password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(lane, password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checks `password` against an account's stored hash (the first lane). */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return verify('first', password, stored);
}

/**
 * Verified against when no account matches, so a miss costs as long as a wrong password. No
 * password hashes to all zero bytes, so it never matches; being constant, it costs no extra
 * hash at start and cannot be lost to a busy refusal.
 */
const DECOY = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  Buffer.alloc(SALT_LENGTH).toString('base64'),
  Buffer.alloc(KEY_LENGTH).toString('base64'),
].join('$');
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verify('normal', password, DECOY);
  return false;
}
