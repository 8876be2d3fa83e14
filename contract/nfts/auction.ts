/**
 * A charity sale's arithmetic, one source for the server (what it accepts and pays) and the app
 * (what it shows before anyone bids). Amounts are bigints in USDT's smallest unit; percents are
 * strings with at most 6 decimals.
 */
import { percentOf } from '../plans/terms.ts';

export interface SaleTerms {
  startPrice: bigint;
  minIncrementPercent: string;
  extendMinutes: number;
}

/**
 * The least the next bid may be: the start price, or the leading bid plus the increment
 * (rounded up, and at least one unit, so a bid always beats the one before).
 */
export function minNextBid(terms: SaleTerms, leading: bigint | null): bigint {
  if (leading === null) return terms.startPrice;
  const step = percentOf(leading, terms.minIncrementPercent, 'up');
  return leading + (step > 0n ? step : 1n);
}

const MINUTE_MS = 60_000;

/** Anti-sniping: a bid within the last N minutes moves the end to N minutes after it. */
export function endAfterBid(endsAt: number, bidAt: number, extendMinutes: number): number {
  const window = extendMinutes * MINUTE_MS;
  return window > 0 && endsAt - bidAt < window ? bidAt + window : endsAt;
}

export interface Split {
  charityPercent: string;
  creatorPercent: string;
  feePercent: string;
}

/**
 * A price shared out: the creator's and the fee's shares rounded down, the charity's the rest,
 * so the parts add up to the price and any rounding goes to the charity.
 */
export function shares(price: bigint, split: Split) {
  const creator = percentOf(price, split.creatorPercent, 'down');
  const fee = percentOf(price, split.feePercent, 'down');
  return { charity: price - creator - fee, creator, fee };
}
