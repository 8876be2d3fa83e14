/**
 * A smart plan's arithmetic, one source for the server (what it pays) and the app (what it
 * shows before anyone confirms). Amounts are bigints in USDT's smallest unit; rates are percent
 * strings with at most 6 decimals. Every rounding goes against the platform, by less than one
 * unit: the daily yield is rounded up, the early-exit penalty down.
 */
import { toUnits } from '../decimal.ts';

export const RATE_SCALE = 6;
const PERCENT = 100n * 10n ** BigInt(RATE_SCALE);

/** `amount × percent / 100`, rounded up or down to the smallest unit. */
export function percentOf(amount: bigint, percent: string, round: 'up' | 'down'): bigint {
  const product = amount * toUnits(percent, RATE_SCALE);
  return round === 'up' ? (product + PERCENT - 1n) / PERCENT : product / PERCENT;
}

/** One day's earnings of a principal at a daily rate (rounded up: the person's favour). */
export function dailyYield(principal: bigint, dailyRatePercent: string): bigint {
  return percentOf(principal, dailyRatePercent, 'up');
}

/** What an early exit keeps of the principal (rounded down: the person's favour). */
export function exitPenalty(principal: bigint, penaltyPercent: string): bigint {
  return percentOf(principal, penaltyPercent, 'down');
}

export interface PlanFigures {
  dailyYield: bigint;
  /** Every day's earnings over the whole cycle. */
  totalYield: bigint;
  /** Principal plus total yield: what the person has received by maturity. */
  atMaturity: bigint;
  /** An exit today: the principal back minus the penalty (earnings already paid are kept). */
  exitReturns: bigint;
  penalty: bigint;
}

/** Every figure of a subscription, before it is made. */
export function planFigures(
  principal: bigint,
  terms: { dailyRatePercent: string; cycleDays: number; exitPenaltyPercent: string },
): PlanFigures {
  const perDay = dailyYield(principal, terms.dailyRatePercent);
  const penalty = exitPenalty(principal, terms.exitPenaltyPercent);
  const totalYield = perDay * BigInt(terms.cycleDays);
  return {
    dailyYield: perDay,
    totalYield,
    atMaturity: principal + totalYield,
    exitReturns: principal - penalty,
    penalty,
  };
}

/** The yield still promised to a plan that has been paid `daysPaid` of its days. */
export function promisedYield(
  dailyYieldUnits: bigint,
  cycleDays: number,
  daysPaid: number,
): bigint {
  return dailyYieldUnits * BigInt(Math.max(0, cycleDays - daysPaid));
}
