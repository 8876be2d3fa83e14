/**
 * The figures of a spot order, in exact decimals (bigint fixed point, never a float), shared by
 * the app (the order form shows them before sending) and the server (docs/spot.md):
 * turnover, the quantity a share of the available balance buys or sells, the fee and a market
 * order's price protection. Zod-free, so the app's screens load it without the schemas.
 */
import { fromUnits, toUnits, trimDecimal } from '../decimal.ts';
import { percentToRate, RATE_SCALE } from '../trading/formulas.ts';

/** Wire prices and quantities carry at most 8 decimals (contract/spot/schemas.ts). */
export const WIRE_SCALE = 8;
/** Coin balances carry at most 18 decimals (ETH). */
const BALANCE_SCALE = 18;
const RATE_ONE = 10n ** BigInt(RATE_SCALE);
const DECIMAL = /^\d+(\.\d+)?$/;

export { trimDecimal };

function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Whether `value` is a plain non-negative decimal string (no sign, exponent or spaces). */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (both non-negative decimal strings). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Whether `value` is a positive whole number of `step`s (a price on the pair's tick, a
 * quantity on its lot). Off the wire's 8 decimals is off every step.
 */
export function isOnStep(value: string, step: string): boolean {
  if (!isDecimal(value) || decimalsOf(value) > WIRE_SCALE) return false;
  const units = toUnits(value, WIRE_SCALE);
  const stepUnits = toUnits(step, WIRE_SCALE);
  return units > 0n && stepUnits > 0n && units % stepUnits === 0n;
}

/** price x quantity, exactly (the quote coin a limit order trades or a buy sets aside). */
export function turnoverOf(price: string, qty: string): string {
  const p = decimalsOf(price);
  const q = decimalsOf(qty);
  return trimDecimal(fromUnits(toUnits(price, p) * toUnits(qty, q), p + q));
}

/**
 * The quantity `percent` % of the available balance buys at `price` (buying: available is the
 * quote coin) or sells (selling, no price: available is the base coin), rounded down to the
 * lot, so price x quantity never exceeds that share. "0" when not even one lot fits.
 */
export function qtyForPercent(input: {
  percent: number;
  available: string;
  lotSize: string;
  /** The price a buy sets aside its quote at; absent for a sell. */
  price?: string;
}): string {
  const { percent, available, lotSize, price } = input;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`not a whole percent: ${percent}`);
  }
  const avail = toUnits(available, BALANCE_SCALE) * BigInt(percent);
  const lot = toUnits(lotSize, WIRE_SCALE);
  let lots: bigint;
  if (price === undefined) {
    // lots x lot / 1e8 <= avail / (1e18 x 100)
    lots = (avail * 10n ** BigInt(WIRE_SCALE)) / (lot * 100n * 10n ** BigInt(BALANCE_SCALE));
  } else {
    const p = toUnits(price, WIRE_SCALE);
    if (p === 0n) return '0';
    // lots x lot x p / 1e16 <= avail / (1e18 x 100)
    lots =
      (avail * 10n ** BigInt(2 * WIRE_SCALE)) / (lot * p * 100n * 10n ** BigInt(BALANCE_SCALE));
  }
  return trimDecimal(fromUnits(lots * lot, WIRE_SCALE));
}

/**
 * The fee on `amount` units of a coin at `rate` (a fraction at RATE_SCALE), rounded up to a
 * whole unit (the platform never charges less than it publishes) and never more than the
 * amount: what the server charges on each fill, in the coin received.
 */
export function feeUnits(amount: bigint, rate: bigint): bigint {
  const fee = (amount * rate + RATE_ONE - 1n) / RATE_ONE;
  return fee > amount ? amount : fee;
}

/**
 * The fee on `amount` of the coin received at `ratePercent` (percent, "0.1" = 0.1 %), rounded
 * up to a whole unit of that coin (`scale` decimals) and never more than the amount: what the
 * server charges on a fill of that size. Buying, the amount is the base coin received;
 * selling, the quote coin (the turnover).
 */
export function feeOf(amount: string, ratePercent: string, scale: number): string {
  // The amount in whole units of the coin, rounded up as a fill of it would be settled.
  const d = decimalsOf(amount);
  const one = 10n ** BigInt(Math.max(0, d - scale));
  const raw = toUnits(amount, Math.max(d, scale));
  const units = (raw + one - 1n) / one;
  return trimDecimal(fromUnits(feeUnits(units, percentToRate(ratePercent)), scale));
}

/** `amount` less `fee` (both of one coin; never below zero). */
export function netOf(amount: string, fee: string): string {
  const scale = Math.max(decimalsOf(amount), decimalsOf(fee));
  const rest = toUnits(amount, scale) - toUnits(fee, scale);
  return trimDecimal(fromUnits(rest > 0n ? rest : 0n, scale));
}

/**
 * A market order's price protection: the feed price moved by the band (percent) against the
 * order, on the tick: a buy pays at most feed x (1 + band) (rounded down to the tick), a sell
 * takes at least feed x (1 - band) (rounded up). A market buy sets aside this price x its
 * quantity while it fills.
 */
export function protectionPriceOf(input: {
  side: 'buy' | 'sell';
  feedPrice: string;
  bandPercent: string;
  tickSize: string;
}): string {
  const { side, feedPrice, bandPercent, tickSize } = input;
  const tick = toUnits(tickSize, WIRE_SCALE);
  const bps = bandBps(bandPercent);
  const ticks =
    side === 'buy'
      ? ticksAround(feedPrice, bps, tick, 'down')
      : ticksAround(feedPrice, -bps, tick, 'up');
  return trimDecimal(fromUnits((ticks < 0n ? 0n : ticks) * tick, WIRE_SCALE));
}

/** A band in percent ("5") as whole basis points (500). */
export function bandBps(percent: string): number {
  return Number(percentToRate(percent) / 100n);
}

/**
 * The tick nearest `price` x (1 + bps / 10,000), rounded down or up to the grid (`tick` at
 * WIRE_SCALE): a market order's protection, and where the platform maker quotes around the
 * feed price (any decimals).
 */
export function ticksAround(
  price: string,
  bps: number,
  tick: bigint,
  round: 'down' | 'up',
): bigint {
  const scale = Math.max(WIRE_SCALE, decimalsOf(price));
  const scaled = toUnits(price, scale) * BigInt(10_000 + bps);
  const step = tick * 10n ** BigInt(scale - WIRE_SCALE) * 10_000n;
  let ticks = scaled / step;
  if (round === 'up' && ticks * step < scaled) ticks += 1n;
  return ticks;
}

/** The midpoint of two prices rounded down to the tick (a price inside the spread). */
export function midPriceOf(bid: string, ask: string, tickSize: string): string {
  const tick = toUnits(tickSize, WIRE_SCALE);
  const sum = toUnits(bid, WIRE_SCALE) + toUnits(ask, WIRE_SCALE);
  const ticks = sum / 2n / tick;
  return trimDecimal(fromUnits(ticks * tick, WIRE_SCALE));
}
