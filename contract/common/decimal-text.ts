import { toUnits } from '../decimal.ts';

/**
 * The one rule for a decimal someone sends (an amount, a price, lots, a quantity, a rate, a
 * parameter's figure), in every call and on both sides of the wire: ASCII digits, no leading
 * zero, and optionally a point followed by at least one digit. Nothing else: no sign, exponent,
 * grouping, hex, other scripts' digits, and no space or control character anywhere, not even
 * at the ends. What is read is exactly what was sent; a form tidies what a person typed
 * (src/lib/decimal-input.ts) before sending it. zod-free, so parameter rules and the app's
 * first load can use it.
 */
export interface DecimalShape {
  /** Most digits before the point. */
  whole: number;
  /** Most digits after it. */
  decimals: number;
}

const patterns = new Map<string, RegExp>();

/** The shape's pattern, also what the OpenAPI document shows for the field. */
export function decimalPattern({ whole, decimals }: DecimalShape): RegExp {
  const id = `${whole}.${decimals}`;
  let pattern = patterns.get(id);
  if (pattern === undefined) {
    const fraction = decimals > 0 ? `(\\.[0-9]{1,${decimals}})?` : '';
    pattern = new RegExp(`^(0|[1-9][0-9]{0,${whole - 1}})${fraction}$`);
    patterns.set(id, pattern);
  }
  return pattern;
}

/** Whether `text` is a decimal of `shape` under the rule above. */
export function isDecimalText(text: string, shape: DecimalShape): boolean {
  return decimalPattern(shape).test(text);
}

/** Whether a decimal text (of the rule above) is more than zero. */
export function isAboveZero(text: string): boolean {
  return /[1-9]/.test(text);
}

/**
 * Whether `text` is a decimal of at most `scale` decimals within [min, max], compared exactly
 * (no JS number). False for any other text, so it is safe in a refinement that zod runs after
 * the pattern has failed.
 */
export function decimalWithin(text: string, min: string, max: string, scale: number): boolean {
  if (!isDecimalText(text, { whole: 30, decimals: scale })) return false;
  const v = toUnits(text, scale);
  return v >= toUnits(min, scale) && v <= toUnits(max, scale);
}
