import { fromUnits, trimDecimal } from '../../contract/decimal.ts';

/**
 * `part` as a percent of `whole` (both in the same fixed-point units), to two decimals, rounded
 * toward zero and trimmed ("12.34", "-3.5", "200"). Undefined when there is no whole.
 */
export function percentOf(part: bigint, whole: bigint): string | undefined {
  if (whole <= 0n) return undefined;
  const hundredths = (part * 10_000n) / whole;
  const sign = hundredths < 0n ? '-' : '';
  return `${sign}${trimDecimal(fromUnits(hundredths < 0n ? -hundredths : hundredths, 2))}`;
}
