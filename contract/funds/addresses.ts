import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';

/**
 * Withdrawal destinations checked by their own checksums, in the form and on the server, so a
 * mistyped address or IBAN is refused before any money is held.
 */

/** The chains deposits and withdrawals run on (contract/funds/schemas.ts pairs them with assets). */
export const NETWORKS = ['ethereum', 'tron', 'bitcoin'] as const;
export type Network = (typeof NETWORKS)[number];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Base58Check: payload plus the first 4 bytes of a double SHA-256. */
function base58CheckPayload(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (bytes === null || bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const check = sha256(sha256(payload)).slice(0, 4);
  return check.every((b, i) => b === bytes[bytes.length - 4 + i]) ? payload : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: readonly number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] ?? 0;
  }
  return chk >>> 0;
}

/** A segwit address on Bitcoin mainnet: bech32 for version 0, bech32m for later (BIP 173/350). */
function isBitcoinSegwit(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1') || lower.length < 14 || lower.length > 74) return false;
  const data: number[] = [];
  for (const ch of lower.slice(3)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return false;
    data.push(v);
  }
  const version = data[0];
  if (version === undefined || version > 16) return false;
  const hrp = [3, 3, 0, 2, 3]; // "bc" expanded: high bits, 0, low bits
  const constant = bech32Polymod([...hrp, ...data]);
  const programBits = (data.length - 7) * 5;
  const programBytes = Math.floor(programBits / 8);
  if (version === 0) return constant === 1 && (programBytes === 20 || programBytes === 32);
  return constant === 0x2bc830a3 && programBytes >= 2 && programBytes <= 40;
}

function isBitcoinLegacy(address: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const payload = base58CheckPayload(address);
  // Version 0x00 (P2PKH) or 0x05 (P2SH), then a 20-byte hash.
  return payload !== null && payload.length === 21 && (payload[0] === 0 || payload[0] === 5);
}

function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58CheckPayload(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** 0x + 40 hex digits; mixed case must match its EIP-55 checksum. */
export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const ch = hex[i] ?? '';
    if (/[a-f]/i.test(ch) && nibble >= 8 !== (ch === ch.toUpperCase())) return false;
  }
  return true;
}

export function isAddressFor(network: Network, address: string): boolean {
  if (network === 'ethereum') return isEthereumAddress(address);
  if (network === 'tron') return isTronAddress(address);
  return isBitcoinLegacy(address) || isBitcoinSegwit(address);
}

/** IBAN lengths per country (SWIFT IBAN registry); other countries: 15 to 34 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TN: 24,
  TR: 26,
  UA: 29,
  VG: 24,
  XK: 20,
};

/** Spaces are allowed between groups ("DE89 3704 …"); the stored form has none. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: country, two check digits, the account; the whole is 1 modulo 97. */
export function isIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
