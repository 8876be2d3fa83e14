import { z } from 'zod';
import { decimalText } from '../common/amounts.ts';
import { isDecimalText } from '../common/decimal-text.ts';
import { toUnits } from '../decimal.ts';
import { TRADING_LIMITS } from './schemas.ts';

const STAKE = { whole: 12, decimals: 6 };
const decimal = decimalText(STAKE);
/** 0 < min <= max; zod runs this refinement even when a bound failed its pattern. */
const boundsInOrder = ({ min, max }: { min: string; max: string }) =>
  isDecimalText(min, STAKE) &&
  isDecimalText(max, STAKE) &&
  toUnits(min, 6) > 0n &&
  toUnits(min, 6) <= toUnits(max, 6);

/**
 * The `option_periods` parameter: a JSON list of periods (seconds), payout rates (a fraction
 * from 0 to 1) and stake bounds in USDT, checked when staff edit it and on every read.
 */
export const optionPeriodsSchema = z
  .array(
    z
      .object({
        seconds: z
          .number()
          .int()
          .min(10)
          .max(31 * 86_400),
        payout: z.string().regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/),
        min: decimal,
        max: decimal,
      })
      .strict()
      .refine(boundsInOrder),
  )
  .min(1)
  .max(TRADING_LIMITS.periodsMax)
  .refine((list) => new Set(list.map((p) => p.seconds)).size === list.length);

/** Whether `value` is a valid `option_periods` parameter. */
export function validOptionPeriods(value: string): boolean {
  try {
    return optionPeriodsSchema.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
}
