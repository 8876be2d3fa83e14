import { fromUnits, toUnits } from '../../../contract/decimal.ts';

/** Prices and volumes as fixed-point bigints (contract/decimal.ts), plus market helpers. */
export { fromUnits, toUnits } from '../../../contract/decimal.ts';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** Percent change from `from` to `to`, rounded half away from zero to 2 decimals. */
export function percentChange(from: bigint, to: bigint): string {
  if (from === 0n) return '0.00';
  const scaled = ((to - from) * 100_000n) / from; // percent * 1000
  const rounded = scaled >= 0n ? (scaled + 5n) / 10n : (scaled - 5n) / 10n;
  return fromUnits(rounded, 2);
}

/** A NUMERIC's text that may be negative (a sum of profits), as units at `scale`. */
export function toSignedUnits(value: string, scale: number): bigint {
  return value.startsWith('-') ? -toUnits(value.slice(1), scale) : toUnits(value, scale);
}
