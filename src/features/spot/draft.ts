/**
 * What the order form shows before sending, from the shared spot figures
 * (contract/spot/figures.ts): the turnover, the fee and what is received, the quantity a share
 * of the balance buys or sells, and the refusals the server would answer, with its codes.
 */
import { Code, type CodeValue } from '../../../contract/errors.ts';
import { ASSET_SCALE, type Asset } from '../../../contract/funds/schemas.ts';
import {
  compareDecimal,
  feeOf,
  isDecimal,
  isOnStep,
  netOf,
  protectionPriceOf,
  qtyForPercent,
  turnoverOf,
  WIRE_SCALE,
} from '../../../contract/spot/figures.ts';
import type { SpotPair } from '../../../contract/spot/schemas.ts';
import { toUnits } from '../../../contract/decimal.ts';
import { inputProblem, type InputProblem } from '../../lib/decimal-input.ts';
import { percentOf } from '../../lib/percent.ts';

export type SpotSide = 'buy' | 'sell';
export type SpotType = 'limit' | 'market';
export type SpotTif = 'gtc' | 'ioc' | 'post_only';

export interface Draft {
  side: SpotSide;
  type: SpotType;
  tif: SpotTif;
  /** As typed, tidied (normaliseDecimal). */
  price: string;
  qty: string;
}

export interface Market {
  bestAsk: string | undefined;
  bestBid: string | undefined;
  /** The feed's price a market order's protection is taken from. */
  feedPrice: string | null | undefined;
}

/** Available balances of the pair's coins, when known (signed in and loaded). */
export interface Available {
  base: string;
  quote: string;
}

export interface Problem {
  field?: 'price' | 'qty';
  code: CodeValue;
  /** What exactly is wrong with the typed amount (empty, not a number, off the step). */
  input?: InputProblem;
  /** Below the minimum notional: the minimum, and what the order is worth. */
  notional?: { min: string; value: string };
}

export interface DraftFigures {
  /** price x quantity: at the limit, or (market) at the best opposite price, an estimate. */
  turnover: string | undefined;
  estimate: boolean;
  /** The fee rate (percent) that applies: the taker's for a market order, the maker's for post-only, else the higher. */
  feeRate: string;
  fee: string | undefined;
  feeAsset: string;
  receive: string | undefined;
  receiveAsset: string;
  /** A market order's price protection (the most a buy pays, the least a sell takes). */
  protection: string | undefined;
  /** The price a buy sets its quote aside at and the minimum is checked at. */
  holdPrice: string | undefined;
  /** What a buy sets aside: hold price x quantity (a market buy's is the most it may pay). */
  held: string | undefined;
  /**
   * How far a limit price lies from the market price, in percent (signed, 2 decimals), and
   * whether that is past the pair's market band: a typo's price is confirmed with a warning.
   */
  deviation: string | undefined;
  far: boolean;
  problems: Problem[];
}

export function scaleOf(asset: string): number {
  return Object.hasOwn(ASSET_SCALE, asset) ? ASSET_SCALE[asset as Asset] : 8;
}

function higher(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

/** A limit's price off the pair's tick, a quantity off its lot: each with what is wrong. */
function stepProblems(pair: SpotPair, draft: Draft): Problem[] {
  const problems: Problem[] = [];
  if (draft.type === 'limit' && !isOnStep(draft.price, pair.tickSize)) {
    const input = inputProblem(draft.price, { step: pair.tickSize });
    problems.push({ field: 'price', code: Code.priceTickWrong, input });
  }
  if (!isOnStep(draft.qty, pair.lotSize)) {
    const input = inputProblem(draft.qty, { step: pair.lotSize });
    problems.push({ field: 'qty', code: Code.quantityLotWrong, input });
  }
  return problems;
}

export function draftFigures(
  pair: SpotPair,
  draft: Draft,
  market: Market,
  available: Available | undefined,
): DraftFigures {
  const { side, type, tif, price, qty } = draft;
  const problems = stepProblems(pair, draft);
  const priceOk = !problems.some((p) => p.field === 'price');
  const qtyOk = !problems.some((p) => p.field === 'qty');

  const feed = market.feedPrice ?? undefined;
  const protection =
    type === 'market' && feed !== undefined && isDecimal(feed)
      ? protectionPriceOf({
          side,
          feedPrice: feed,
          bandPercent: pair.marketBand,
          tickSize: pair.tickSize,
        })
      : undefined;
  if (type === 'market' && protection === undefined) problems.push({ code: Code.notTradable });
  const tradePrice =
    type === 'limit'
      ? priceOk
        ? price
        : undefined
      : side === 'buy'
        ? market.bestAsk
        : market.bestBid;
  const holdPrice = type === 'limit' ? tradePrice : protection;
  const turnover = tradePrice !== undefined && qtyOk ? turnoverOf(tradePrice, qty) : undefined;

  const feeRate =
    type === 'market'
      ? pair.takerFeeRate
      : tif === 'post_only'
        ? pair.makerFeeRate
        : higher(pair.makerFeeRate, pair.takerFeeRate);
  const buying = side === 'buy';
  const feeAsset = buying ? pair.base : pair.quote;
  const gross = buying ? (qtyOk ? qty : undefined) : turnover;
  const fee = gross === undefined ? undefined : feeOf(gross, feeRate, scaleOf(feeAsset));
  const receive = gross === undefined || fee === undefined ? undefined : netOf(gross, fee);

  const held = holdPrice !== undefined && qtyOk ? turnoverOf(holdPrice, qty) : undefined;
  if (holdPrice !== undefined && qtyOk) {
    const notional = turnoverOf(holdPrice, qty);
    if (compareDecimal(notional, pair.minNotional) < 0) {
      problems.push({
        field: 'qty',
        code: Code.belowMinNotional,
        notional: { min: pair.minNotional, value: notional },
      });
    } else if (available !== undefined && buying && compareDecimal(notional, available.quote) > 0) {
      problems.push({ code: Code.insufficientBalance });
    }
  }
  if (available !== undefined && !buying && qtyOk && compareDecimal(qty, available.base) > 0) {
    problems.push({ code: Code.insufficientBalance });
  }

  const deviation =
    type === 'limit' && priceOk && feed !== undefined && isDecimal(feed)
      ? deviationOf(price, feed)
      : undefined;
  // A limit past the band the market orders may sweep is confirmed with a warning.
  return {
    turnover,
    estimate: type === 'market',
    feeRate,
    fee,
    feeAsset,
    receive,
    receiveAsset: feeAsset,
    protection,
    holdPrice,
    held: buying ? held : undefined,
    deviation,
    far: deviation !== undefined && beyondBand(deviation, pair.marketBand),
    problems,
  };
}

/** (price - market) / market in percent, two decimals, rounded toward zero ("200", "-12.5"). */
export function deviationOf(price: string, market: string): string | undefined {
  const m = toUnits(market, WIRE_SCALE);
  return percentOf(toUnits(price, WIRE_SCALE) - m, m);
}

function beyondBand(deviation: string, bandPercent: string): boolean {
  return compareDecimal(deviation.replace('-', ''), bandPercent) > 0;
}

/**
 * The quantity `percent` % of the available balance buys (at the price a buy sets aside:
 * the limit, or a market order's protection) or sells, rounded down to the lot; undefined when
 * it cannot be known yet.
 */
export function percentQty(
  pair: SpotPair,
  side: SpotSide,
  percent: number,
  holdPrice: string | undefined,
  available: Available | undefined,
): string | undefined {
  if (available === undefined) return undefined;
  if (side === 'sell') {
    return qtyForPercent({ percent, available: available.base, lotSize: pair.lotSize });
  }
  if (holdPrice === undefined) return undefined;
  return qtyForPercent({
    percent,
    available: available.quote,
    lotSize: pair.lotSize,
    price: holdPrice,
  });
}
