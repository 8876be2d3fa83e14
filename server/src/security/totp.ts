import { randomBytes, createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** 160 bits: RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;
/** Recovery codes: ten, each 80 random bits (16 characters of Crockford's base32). */
export const RECOVERY_CODES = { count: 10, groups: 4, groupLength: 4 } as const;
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function totpOf(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: 'Kestrel Markets',
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, account: string): string {
  return totpOf(secretBase32, account).toString();
}

/** The code an authenticator shows at `nowMs` (tests, and nothing else, generate codes). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step `code` belongs to, or undefined: the current step or the one before (a code typed
 * as the step turns), never a later one, so a code read off a phone whose clock runs ahead, or
 * one made for the future, is refused. The caller accepts a step once (its last used step).
 */
export function matchingStep(
  secretBase32: string,
  code: string,
  nowMs: number,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null || delta > 0) return undefined;
  return stepAt(nowMs) + delta;
}

/** Ten fresh recovery codes, as shown once: `XXXX-XXXX-XXXX-XXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES.count }, () => {
    const bytes = randomBytes(RECOVERY_CODES.groups * RECOVERY_CODES.groupLength);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    const groups: string[] = [];
    for (let i = 0; i < RECOVERY_CODES.groups; i++) {
      groups.push(chars.slice(i * 4, i * 4 + 4).join(''));
    }
    return groups.join('-');
  });
}

/**
 * A recovery code as stored: its SHA-256 after the reading a person may type differently
 * (case, spaces, dashes, O for 0, I and L for 1). 80 random bits need no slow hash.
 */
export function recoveryCodeHash(typed: string): string | undefined {
  const canonical = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const length = RECOVERY_CODES.groups * RECOVERY_CODES.groupLength;
  if (canonical.length !== length || [...canonical].some((c) => !RECOVERY_ALPHABET.includes(c))) {
    return undefined;
  }
  return createHash('sha256').update(`kestrel.recovery.v1:${canonical}`).digest('hex');
}
