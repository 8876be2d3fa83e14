/**
 * The trade panel's and the order detail's figures, from the arithmetic the server settles with
 * (contract/trading/formulas.ts): what the panel shows before confirming is what the server will
 * hold and charge, and a settled order can be recomputed from its stored ticks.
 */
import { fromUnits, toUnits } from '../../../contract/decimal.ts';
import { Code } from '../../../contract/errors.ts';
import type { RouteResult } from '../../../contract/routes.ts';
import {
  closePriceOf,
  feeOf,
  LOT_SCALE,
  liquidationPriceOf,
  marginOf,
  notionalOf,
  optionOutcomeOf,
  optionPayoutOf,
  percentToRate,
  profitOf,
  RATE_SCALE,
  settledProfitOf,
  stopsProblem,
  USDT_SCALE,
  type OptionOutcome,
  type Side,
  type Sizing,
} from '../../../contract/trading/formulas.ts';
import type { OptionOrder, OptionPeriod, UOrder } from '../../../contract/trading/schemas.ts';
import { inputProblem, tidyDecimal, type InputProblem } from '../../lib/decimal-input.ts';

/** A position's return on its margin (ROE) and other shares, in percent. */
export { percentOf } from '../../lib/percent.ts';

export type TradingInfo = RouteResult<'getTradingInfo'>;
export type OrderType = 'market' | 'limit';
export type Direction = 'up' | 'down';

/** As the contract's schema takes them: at most 12 whole digits and 8 decimals, not zero. */
const DECIMAL_INPUT = /^\d{1,12}(\.\d{1,8})?$/;

/** What the person typed, tidied: a comma as the decimal mark, spaces dropped. */
export const normaliseDecimal = tidyDecimal;

/** A typed decimal at `scale`, or undefined when the server would refuse it as a number. */
export function parseUnits(text: string, scale: number): bigint | undefined {
  const v = normaliseDecimal(text);
  if (!DECIMAL_INPUT.test(v) || !/[1-9]/.test(v)) return undefined;
  try {
    return toUnits(v, scale);
  } catch {
    return undefined;
  }
}

/** A decimal string from the server that may be negative (a loss), at `scale`. */
export function signedUnits(value: string, scale: number): bigint {
  return value.startsWith('-') ? -toUnits(value.slice(1), scale) : toUnits(value, scale);
}

/** Trailing zeros off, as the server writes amounts ("9.94", not "9.940000"). */
function trim(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function usdtText(units: bigint): string {
  return trim(fromUnits(units, USDT_SCALE));
}

export function priceText(units: bigint, precision: number): string {
  return fromUnits(units, precision);
}

/** A rate as a fraction ("0.85") in percent for reading ("85"). */
export function percentText(rate: string): string {
  return trim(fromUnits(toUnits(rate, RATE_SCALE), RATE_SCALE - 2));
}

export function lotsText(units: bigint): string {
  return trim(fromUnits(units, LOT_SCALE));
}

/** Prices on an order are written at the instrument's precision; the stop loss always is. */
export function precisionOf(order: Pick<UOrder, 'stopLoss'>): number {
  return order.stopLoss.split('.')[1]?.length ?? 0;
}

/** A field of the contract form, as the server names it in a refusal. */
export type ContractField = 'lots' | 'price' | 'stopLoss' | 'takeProfit' | 'leverage';

export interface Problem {
  /** The field it is about; undefined when it is about the form (both stops, the balance). */
  field: ContractField | 'amount' | undefined;
  code: number;
  /** What exactly is wrong with the typed amount, when that is the problem (its bound, step). */
  input?: InputProblem;
}

export interface ContractDraft {
  side: Side;
  type: OrderType;
  /** The limit price (limit orders). */
  price: string;
  lots: string;
  leverage: number;
  stopLoss: string;
  takeProfit: string;
}

export interface ContractFigures {
  /** The price it would open at: the ask (long) or bid (short), or the limit price. */
  openPrice: bigint | undefined;
  /** The position's value at that price (notional): what it gains or loses in full. */
  value: bigint | undefined;
  margin: bigint | undefined;
  fee: bigint | undefined;
  liquidation: bigint | undefined;
  /** Settled profit if closed at the take profit, and (negative) at the stop loss. */
  atTakeProfit: bigint | undefined;
  atStopLoss: bigint | undefined;
  /** Every reason the server would refuse the order; empty when it would take it. */
  problems: Problem[];
}

/**
 * What the server would say of the stops: each missing or not a number, or (both typed) on the
 * wrong side of `reference`, outside the band, or a stop loss past the `liquidation` price.
 */
function stopsProblems(
  d: ContractDraft,
  at: {
    stopLoss: bigint | undefined;
    takeProfit: bigint | undefined;
    reference: bigint | undefined;
    liquidation: bigint | undefined;
  },
): Problem[] {
  const { stopLoss, takeProfit, reference } = at;
  if (stopLoss === undefined && takeProfit === undefined) {
    return [{ field: undefined, code: Code.stopsWrong }];
  }
  if (stopLoss === undefined) {
    return [{ field: 'stopLoss', code: Code.stopLossWrong, input: inputProblem(d.stopLoss) }];
  }
  if (takeProfit === undefined) {
    return [{ field: 'takeProfit', code: Code.takeProfitWrong, input: inputProblem(d.takeProfit) }];
  }
  if (reference === undefined) return [];
  const problem = stopsProblem(d.side, reference, stopLoss, takeProfit, at.liquidation);
  if (problem === 'both') return [{ field: undefined, code: Code.stopsWrong }];
  if (problem === 'stop_loss') return [{ field: 'stopLoss', code: Code.stopLossWrong }];
  if (problem === 'take_profit') return [{ field: 'takeProfit', code: Code.takeProfitWrong }];
  return [];
}

/**
 * The order as the server would take it now (server/src/trading/contracts.ts `open`, same
 * checks in the same order of concern): figures for whatever is valid so far, and the catalogue
 * code of each thing it would refuse. `available` is the book's available USDT, when known.
 */
export function contractFigures(
  info: TradingInfo,
  d: ContractDraft,
  available?: string,
): ContractFigures {
  const problems: Problem[] = [];
  const spec = info.contract;
  const none: ContractFigures = {
    openPrice: undefined,
    value: undefined,
    margin: undefined,
    fee: undefined,
    liquidation: undefined,
    atTakeProfit: undefined,
    atStopLoss: undefined,
    problems,
  };
  if (spec === null) {
    problems.push({ field: undefined, code: Code.optionsProductWrong });
    return none;
  }
  const p = info.precision;
  const lots = parseUnits(d.lots, LOT_SCALE);
  const [lotMin, lotStep, lotMax] = [spec.lotMin, spec.lotStep, spec.lotMax].map((v) =>
    toUnits(v, LOT_SCALE),
  ) as [bigint, bigint, bigint];
  const lotsOk = lots !== undefined && lots >= lotMin && lots <= lotMax && lots % lotStep === 0n;
  if (!lotsOk) {
    const input = inputProblem(d.lots, { min: spec.lotMin, max: spec.lotMax, step: spec.lotStep });
    problems.push({ field: 'lots', code: Code.purchaseAmountWrong, input });
  }
  if (!spec.leverages.includes(d.leverage)) {
    problems.push({ field: 'leverage', code: Code.purchaseAmountWrong });
  }

  const bid = info.bid === null ? undefined : toUnits(info.bid, p);
  const ask = info.ask === null ? undefined : toUnits(info.ask, p);
  const quote = bid !== undefined && ask !== undefined ? { bid, ask } : undefined;
  let openPrice: bigint | undefined;
  if (d.type === 'limit') {
    openPrice = parseUnits(d.price, p);
    // A limit the market has already reached would fill at once: the server refuses it.
    const crosses =
      openPrice !== undefined &&
      quote !== undefined &&
      (d.side === 'long' ? openPrice >= quote.ask : openPrice <= quote.bid);
    if (openPrice === undefined || crosses) {
      const input = openPrice === undefined ? inputProblem(d.price) : undefined;
      problems.push({ field: 'price', code: Code.limitPriceWrong, input });
      openPrice = undefined;
    }
  } else if (quote !== undefined) {
    openPrice = d.side === 'long' ? quote.ask : quote.bid;
  }

  const leverage = spec.leverages.includes(d.leverage) ? d.leverage : undefined;
  const liquidation =
    leverage === undefined || openPrice === undefined
      ? undefined
      : liquidationPriceOf(d.side, openPrice, leverage, percentToRate(spec.maintenanceRate));
  const stopLoss = parseUnits(d.stopLoss, p);
  const takeProfit = parseUnits(d.takeProfit, p);
  const reference =
    d.type === 'limit' ? openPrice : quote === undefined ? undefined : closePriceOf(d.side, quote);
  problems.push(...stopsProblems(d, { stopLoss, takeProfit, reference, liquidation }));

  if (openPrice === undefined || !lotsOk || lots === undefined) return { ...none, openPrice };
  const sizing: Sizing = { lots, contractSize: BigInt(spec.contractSize), precision: p };
  const margin = leverage === undefined ? undefined : marginOf(sizing, openPrice, leverage);
  const fee = feeOf(sizing, openPrice, percentToRate(spec.feeRate));
  // A stop that would be refused shows no figure ("-"), never a profit it could not make.
  const wrong = (field: 'stopLoss' | 'takeProfit') =>
    problems.some((x) => x.field === field || x.code === Code.stopsWrong);
  const settle = (close: bigint | undefined, field: 'stopLoss' | 'takeProfit') =>
    close === undefined || margin === undefined || wrong(field)
      ? undefined
      : settledProfitOf(profitOf(sizing, d.side, openPrice, close), margin);
  if (margin !== undefined && available !== undefined) {
    if (margin + fee > toUnits(available, USDT_SCALE)) {
      problems.push({ field: undefined, code: Code.insufficientBalance });
    }
  }
  return {
    openPrice,
    value: notionalOf(sizing, openPrice),
    margin,
    fee,
    liquidation,
    atTakeProfit: settle(takeProfit, 'takeProfit'),
    atStopLoss: settle(stopLoss, 'stopLoss'),
    problems,
  };
}

/** The stops of an open or waiting order as updateU would check them (its reference price). */
export function stopsEditProblem(
  order: UOrder,
  quote: { bid: bigint; ask: bigint } | undefined,
  stopLossText: string,
  takeProfitText: string,
): Problem | undefined {
  const p = precisionOf(order);
  const stopLoss = parseUnits(stopLossText, p);
  const takeProfit = parseUnits(takeProfitText, p);
  if (stopLoss === undefined && takeProfit === undefined) {
    return { field: undefined, code: Code.stopsWrong };
  }
  if (stopLoss === undefined) return { field: 'stopLoss', code: Code.stopLossWrong };
  if (takeProfit === undefined) return { field: 'takeProfit', code: Code.takeProfitWrong };
  const reference =
    order.status === 'waiting'
      ? toUnits(order.limitPrice ?? '0', p)
      : quote === undefined
        ? undefined
        : closePriceOf(order.side, quote);
  if (reference === undefined) return undefined;
  const liquidation =
    order.status === 'waiting'
      ? liquidationPriceOf(
          order.side,
          reference,
          order.leverage,
          percentToRate(order.maintenanceRate),
        )
      : toUnits(order.liquidationPrice ?? '0', p);
  const problem = stopsProblem(order.side, reference, stopLoss, takeProfit, liquidation);
  if (problem === 'both') return { field: undefined, code: Code.stopsWrong };
  if (problem === 'stop_loss') return { field: 'stopLoss', code: Code.stopLossWrong };
  if (problem === 'take_profit') return { field: 'takeProfit', code: Code.takeProfitWrong };
  return undefined;
}

/** The quote of an instrument's last tick, as bigints at its precision, when it has one. */
export function quoteOfInfo(info: TradingInfo | undefined) {
  if (info?.bid == null || info.ask === null) return undefined;
  return { bid: toUnits(info.bid, info.precision), ask: toUnits(info.ask, info.precision) };
}

function sizingOf(o: UOrder): Sizing {
  return {
    lots: toUnits(o.lots, LOT_SCALE),
    contractSize: BigInt(o.contractSize),
    precision: precisionOf(o),
  };
}

/**
 * An open position's result if closed at the market now: it closes at the bid (long) or the
 * ask (short), and a loss stops at the margin (settledProfitOf), as stopU would settle it.
 */
export function liveProfit(
  o: UOrder,
  quote: { bid: bigint; ask: bigint } | undefined,
): { close: bigint; profit: bigint } | undefined {
  if (quote === undefined || o.openPrice === null) return undefined;
  const p = precisionOf(o);
  const close = closePriceOf(o.side, quote);
  const profit = profitOf(sizingOf(o), o.side, toUnits(o.openPrice, p), close);
  return { close, profit: settledProfitOf(profit, toUnits(o.margin, USDT_SCALE)) };
}

/** What a waiting order holds: its margin and its fee, both released if it is cancelled. */
export function heldOf(o: Pick<UOrder, 'margin' | 'fee'>): bigint {
  return toUnits(o.margin, USDT_SCALE) + toUnits(o.fee, USDT_SCALE);
}

export interface OptionFigures {
  stake: bigint | undefined;
  /** What a win pays back: stake x (1 + payout). */
  onWin: bigint | undefined;
  problems: Problem[];
}

export function optionFigures(
  period: OptionPeriod | undefined,
  amount: string,
  available?: string,
): OptionFigures {
  const problems: Problem[] = [];
  if (period === undefined) {
    return {
      stake: undefined,
      onWin: undefined,
      problems: [{ field: undefined, code: Code.noMatchingPeriod }],
    };
  }
  const stake = parseUnits(amount, USDT_SCALE);
  if (
    stake === undefined ||
    stake < toUnits(period.min, USDT_SCALE) ||
    stake > toUnits(period.max, USDT_SCALE)
  ) {
    // USDT's smallest unit is the step: more decimals than it has are refused too.
    const input = inputProblem(amount, { min: period.min, max: period.max, step: '0.000001' });
    problems.push({ field: 'amount', code: Code.purchaseAmountWrong, input });
    return { stake: undefined, onWin: undefined, problems };
  }
  if (available !== undefined && stake > toUnits(available, USDT_SCALE)) {
    problems.push({ field: undefined, code: Code.insufficientBalance });
  }
  const onWin = optionPayoutOf(stake, toUnits(period.payout, RATE_SCALE), 'won');
  return { stake, onWin, problems };
}

/** One line of "recompute this result": the formula with its numbers, and the stored figure. */
export interface Check {
  /** What is checked (a key of trading:recompute.*). */
  what: 'margin' | 'fee' | 'liquidation' | 'profit' | 'outcome' | 'paid';
  /** The formula with the order's numbers in it (language-neutral symbols). */
  formula: string;
  computed: string;
  stored: string | null;
  matches: boolean;
}

const equalUnits = (a: bigint, stored: string | null, scale: number) =>
  stored !== null && a === signedUnits(stored, scale);

/**
 * A contract recomputed in the browser from what the order stores: its size, leverage, rates,
 * open price (the ask or bid at its open tick, or its limit) and close price (the bid or ask at
 * its close tick), with formulas.ts, each against the figure the server stored.
 */
export function recomputeContract(o: UOrder): Check[] {
  const p = precisionOf(o);
  const sizing = sizingOf(o);
  const openText = o.openPrice ?? o.limitPrice;
  if (openText === null) return [];
  const open = toUnits(openText, p);
  const checks: Check[] = [];
  const margin = marginOf(sizing, open, o.leverage);
  checks.push({
    what: 'margin',
    formula: `${o.lots} × ${o.contractSize} × ${openText} ÷ ${o.leverage}`,
    computed: usdtText(margin),
    stored: o.margin,
    matches: equalUnits(margin, o.margin, USDT_SCALE),
  });
  const fee = feeOf(sizing, open, percentToRate(o.feeRate));
  checks.push({
    what: 'fee',
    formula: `${o.lots} × ${o.contractSize} × ${openText} × ${o.feeRate}%`,
    computed: usdtText(fee),
    stored: o.fee,
    matches: equalUnits(fee, o.fee, USDT_SCALE),
  });
  if (o.openPrice !== null) {
    const liquidation = liquidationPriceOf(
      o.side,
      open,
      o.leverage,
      percentToRate(o.maintenanceRate),
    );
    checks.push({
      what: 'liquidation',
      formula:
        o.side === 'long'
          ? `${openText} × (1 − 1/${o.leverage} + ${o.maintenanceRate}%)`
          : `${openText} × (1 + 1/${o.leverage} − ${o.maintenanceRate}%)`,
      computed: priceText(liquidation, p),
      stored: o.liquidationPrice,
      matches: equalUnits(liquidation, o.liquidationPrice, p),
    });
  }
  if (o.closePrice !== null && o.openPrice !== null) {
    const close = toUnits(o.closePrice, p);
    const raw = profitOf(sizing, o.side, open, close);
    const settled = settledProfitOf(raw, toUnits(o.margin, USDT_SCALE));
    const move =
      o.side === 'long' ? `(${o.closePrice} − ${openText})` : `(${openText} − ${o.closePrice})`;
    const capped = settled !== raw ? ` → max(${usdtText(raw)}, −${o.margin})` : '';
    checks.push({
      what: 'profit',
      formula: `${o.lots} × ${o.contractSize} × ${move}${capped}`,
      computed: usdtText(settled),
      stored: o.profit,
      matches: equalUnits(settled, o.profit, USDT_SCALE),
    });
  }
  return checks;
}

/** Prices of an option are trimmed by the server: compare them at the finer of their scales. */
function commonScale(...values: string[]): number {
  return Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
}

/**
 * An option recomputed from its stored ticks: the outcome from the open and settle prices, what
 * it paid from the stake and the payout rate, each against the stored figure.
 */
export function recomputeOption(o: OptionOrder): Check[] {
  if (o.settlePrice === null) return [];
  const scale = commonScale(o.openPrice, o.settlePrice);
  const outcome: OptionOutcome = optionOutcomeOf(
    o.direction,
    toUnits(o.openPrice, scale),
    toUnits(o.settlePrice, scale),
  );
  const sign = o.direction === 'up' ? '>' : '<';
  const stake = toUnits(o.amount, USDT_SCALE);
  const paid = optionPayoutOf(stake, toUnits(o.payout, RATE_SCALE), outcome);
  return [
    {
      what: 'outcome',
      formula: `${o.settlePrice} ${sign} ${o.openPrice} ?`,
      computed: outcome,
      stored: o.outcome,
      matches: outcome === o.outcome,
    },
    {
      what: 'paid',
      formula:
        outcome === 'won'
          ? `${o.amount} × (1 + ${o.payout})`
          : outcome === 'draw'
            ? `${o.amount}`
            : '0',
      computed: usdtText(paid),
      stored: o.paid,
      matches: equalUnits(paid, o.paid, USDT_SCALE),
    },
  ];
}
