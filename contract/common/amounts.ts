import { z } from 'zod';
import { decimalPattern, isAboveZero, type DecimalShape } from './decimal-text.ts';

/**
 * Every decimal a call takes is one of these schemas, built on the one rule of
 * decimal-text.ts: no trimming, no second reading. A field that fails answers its own code
 * (the route's field map), the same for the same text in every call; a control character
 * answers 10155 first, for every field (contract/validate.ts).
 */

/** A decimal of `shape`, zero allowed (a rate, a figure that may be nothing). */
export function decimalText(shape: DecimalShape) {
  return z.string().regex(decimalPattern(shape));
}

/** A decimal of `shape` above zero (an amount, a price, lots, a quantity). */
export function positiveText(shape: DecimalShape) {
  return decimalText(shape).refine(isAboveZero);
}

/**
 * An amount of any coin: at most 12 whole digits and 18 decimals; the coin's own scale is
 * checked where the coin is known (`fitsScale`, contract/funds/schemas.ts).
 */
export const amountSchema = positiveText({ whole: 12, decimals: 18 });

/** A USDT amount: at most 6 decimals (USDT's scale). */
export const usdtAmount = positiveText({ whole: 12, decimals: 6 });

/** A USDT figure that may be zero (a loan's interest over free days). */
export const usdtFigure = decimalText({ whole: 12, decimals: 6 });

/**
 * A price, lots or a spot quantity: at most 12 whole digits and 8 decimals. Whether it sits on
 * an instrument's or a pair's steps is the service's check, with its own code.
 */
export const positiveDecimal = positiveText({ whole: 12, decimals: 8 });

/** A percent with at most 6 decimals (contract/plans/terms.ts RATE_SCALE), zero allowed. */
export const percentSchema = decimalText({ whole: 3, decimals: 6 });
