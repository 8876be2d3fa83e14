/**
 * The arithmetic of contracts and options, in bigint fixed point, shared by the server (which
 * settles with it) and the app (which shows the same figures before a person confirms, and
 * recomputes a settled order from its stored ticks). docs/trading.md states each formula.
 *
 * Units: prices are integers at the instrument's precision `p`; lots at LOT_SCALE decimals;
 * USDT amounts at USDT_SCALE decimals; rates (fractions, not percent) at RATE_SCALE decimals.
 */
import { toUnits } from '../decimal.ts';

export const LOT_SCALE = 3;
export const USDT_SCALE = 6;
export const RATE_SCALE = 6;
const RATE_ONE = 10n ** BigInt(RATE_SCALE);

export type Side = 'long' | 'short';

/** a / b rounded up (b > 0). */
function ceilDiv(a: bigint, b: bigint): bigint {
  return a >= 0n ? (a + b - 1n) / b : -(-a / b);
}

/** a / b rounded down, toward minus infinity (b > 0). */
function floorDiv(a: bigint, b: bigint): bigint {
  return a >= 0n ? a / b : -((-a + b - 1n) / b);
}

/** 10^(LOT_SCALE + p - USDT_SCALE) as a divisor, or its inverse as a multiplier when negative. */
function toUsdt(lotPriceUnits: bigint, precision: number, round: 'up' | 'down'): bigint {
  const shift = LOT_SCALE + precision - USDT_SCALE;
  if (shift <= 0) return lotPriceUnits * 10n ** BigInt(-shift);
  const d = 10n ** BigInt(shift);
  return round === 'up' ? ceilDiv(lotPriceUnits, d) : floorDiv(lotPriceUnits, d);
}

/** A percent string ("0.2" = 0.2 %, at most 4 decimals) as a fraction at RATE_SCALE. */
export function percentToRate(percent: string): bigint {
  return toUnits(percent, RATE_SCALE - 2);
}

/**
 * Bid and ask around the feed's mid: half the configured spread each side, at least one price
 * unit, so a long always opens above where it could close. `spreadTenthsBps` is the spread in
 * tenths of a basis point.
 */
export function quoteOf(mid: bigint, spreadTenthsBps: number): { bid: bigint; ask: bigint } {
  const raw = ceilDiv(mid * BigInt(spreadTenthsBps), 200_000n);
  const half = raw < 1n ? 1n : raw;
  return { bid: mid - half > 0n ? mid - half : 1n, ask: mid + half };
}

/** The price a side opens at (longs buy at the ask) and closes at (longs sell at the bid). */
export function openPriceOf(side: Side, q: { bid: bigint; ask: bigint }): bigint {
  return side === 'long' ? q.ask : q.bid;
}
export function closePriceOf(side: Side, q: { bid: bigint; ask: bigint }): bigint {
  return side === 'long' ? q.bid : q.ask;
}

export interface Sizing {
  /** Lots at LOT_SCALE. */
  lots: bigint;
  /** Base units per lot (an integer). */
  contractSize: bigint;
  /** Price decimals of the instrument. */
  precision: number;
}

/** Notional in USDT at `price`: lots x contract size x price, rounded up. */
export function notionalOf(s: Sizing, price: bigint): bigint {
  return toUsdt(s.lots * s.contractSize * price, s.precision, 'up');
}

/** Margin held: notional / leverage, rounded up. */
export function marginOf(s: Sizing, price: bigint, leverage: number): bigint {
  return ceilDiv(notionalOf(s, price), BigInt(leverage));
}

/** Fee at open: notional x fee rate, rounded up. */
export function feeOf(s: Sizing, price: bigint, feeRate: bigint): bigint {
  return ceilDiv(notionalOf(s, price) * feeRate, RATE_ONE);
}

/** Profit (negative: loss) in USDT from open to close, rounded down. */
export function profitOf(s: Sizing, side: Side, open: bigint, close: bigint): bigint {
  const move = side === 'long' ? close - open : open - close;
  return toUsdt(s.lots * s.contractSize * move, s.precision, 'down');
}

/**
 * What a close pays: the profit, or the loss capped at the margin, so that a gap past the
 * liquidation price is the platform's loss and a balance never goes negative.
 */
export function settledProfitOf(profit: bigint, margin: bigint): bigint {
  return profit < -margin ? -margin : profit;
}

/**
 * The price at which what is left of the margin equals the maintenance margin:
 * long open x (1 - 1/leverage + mmr), short open x (1 + 1/leverage - mmr), rounded toward the
 * open price (so it fires no later than the formula says). At least one price unit.
 */
export function liquidationPriceOf(
  side: Side,
  open: bigint,
  leverage: number,
  maintenanceRate: bigint,
): bigint {
  const l = BigInt(leverage);
  const denominator = l * RATE_ONE;
  if (side === 'long') {
    const p = ceilDiv(open * (l * (RATE_ONE + maintenanceRate) - RATE_ONE), denominator);
    return p < 1n ? 1n : p;
  }
  return floorDiv(open * (l * (RATE_ONE - maintenanceRate) + RATE_ONE), denominator);
}

export type StopsProblem = 'stop_loss' | 'take_profit' | 'both';

/** How far from the price a stop may be set, either way, in percent (docs/trading.md). */
export const STOP_BAND_PERCENT = 90n;

/**
 * SPEC §5: stop loss and take profit are required and reasonable. A long's stop loss lies
 * below the price it would close at now, its take profit above; a short's the other way round.
 * `reference` is the close price now (or the limit price). Both lie within STOP_BAND_PERCENT
 * of it, and the stop loss fires before the position's `liquidation` price: past it, the stop
 * could never fire (code 10170 says so).
 */
export function stopsProblem(
  side: Side,
  reference: bigint,
  stopLoss: bigint,
  takeProfit: bigint,
  liquidation: bigint | undefined,
): StopsProblem | undefined {
  const low = (reference * (100n - STOP_BAND_PERCENT)) / 100n;
  const high = (reference * (100n + STOP_BAND_PERCENT)) / 100n;
  const inBand = (price: bigint) => price >= low && price <= high;
  const beforeLiquidation =
    liquidation === undefined ||
    (side === 'long' ? stopLoss > liquidation : stopLoss < liquidation);
  const slOk =
    (side === 'long' ? stopLoss < reference : stopLoss > reference) &&
    inBand(stopLoss) &&
    beforeLiquidation;
  const tpOk =
    (side === 'long' ? takeProfit > reference : takeProfit < reference) && inBand(takeProfit);
  if (!slOk && !tpOk) return 'both';
  if (!slOk) return 'stop_loss';
  if (!tpOk) return 'take_profit';
  return undefined;
}

/**
 * Whether a position at `leverage` can be opened at the quote: for each side, some stop loss
 * lies strictly between the liquidation price and the price it would close at now, inside
 * the stop band. At a maintenance rate of 1/leverage or more the liquidation price is the open
 * price itself, and every open would be refused (10170). Without a quote only the rates are
 * compared.
 */
export function leverageUsable(
  leverage: number,
  maintenanceRate: bigint,
  quote: { bid: bigint; ask: bigint } | undefined,
): boolean {
  if (BigInt(leverage) * maintenanceRate >= RATE_ONE) return false;
  if (quote === undefined) return true;
  return (['long', 'short'] as const).every((side) => {
    const reference = closePriceOf(side, quote);
    const liquidation = liquidationPriceOf(
      side,
      openPriceOf(side, quote),
      leverage,
      maintenanceRate,
    );
    const low = (reference * (100n - STOP_BAND_PERCENT)) / 100n;
    const high = (reference * (100n + STOP_BAND_PERCENT)) / 100n;
    const long = side === 'long';
    const stopLoss = long
      ? liquidation + 1n > low
        ? liquidation + 1n
        : low
      : liquidation - 1n < high
        ? liquidation - 1n
        : high;
    const takeProfit = long ? reference + 1n : reference - 1n;
    return stopsProblem(side, reference, stopLoss, takeProfit, liquidation) === undefined;
  });
}

/** The leverages of a specification that can be opened now (leverageUsable). */
export function usableLeverages(
  leverages: readonly number[],
  maintenanceRate: bigint,
  quote: { bid: bigint; ask: bigint } | undefined,
): number[] {
  return leverages.filter((l) => leverageUsable(l, maintenanceRate, quote));
}

export type OptionDirection = 'up' | 'down';
export type OptionOutcome = 'won' | 'lost' | 'draw';

/** Up wins when the settle price is above the open price, down when below; equal is a draw. */
export function optionOutcomeOf(
  direction: OptionDirection,
  open: bigint,
  settle: bigint,
): OptionOutcome {
  if (settle === open) return 'draw';
  return settle > open === (direction === 'up') ? 'won' : 'lost';
}

/** What an option pays back: stake x (1 + payout) when won, the stake on a draw, else nothing. */
export function optionPayoutOf(stake: bigint, payoutRate: bigint, outcome: OptionOutcome): bigint {
  if (outcome === 'lost') return 0n;
  if (outcome === 'draw') return stake;
  return stake + (stake * payoutRate) / RATE_ONE;
}
