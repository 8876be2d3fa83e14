import { Code, type CodeValue } from '../../../../contract/errors.ts';
import { ticksAround, WIRE_SCALE } from '../../../../contract/spot/figures.ts';
import type { SpotPair } from '../../../../contract/spot/schemas.ts';
import { assert } from '../../assert.ts';
import { AppError } from '../../errors.ts';
import { scaleOf } from '../../money/assets.ts';
import { trimDecimal } from '../../money/amounts.ts';
import { fromUnits, toUnits } from '../../money/decimal.ts';
import type { Queryable } from '../../platform/db/database.ts';

const WIRE_ONE = 10n ** BigInt(WIRE_SCALE);

interface PairRow {
  code: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
}

/**
 * One spot pair and the conversions at the engine's edge: wire decimals to whole ticks and lots
 * (refused with the tick or lot code when off the grid), and ticks x lots to exact coin units.
 */
export class Pair {
  readonly code: string;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly baseScale: number;
  readonly quoteScale: number;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly minNotional: string;
  readonly minNotionalUnits: bigint;
  private readonly tick: bigint;
  private readonly lot: bigint;
  /** Quote units of one tick times one lot: every turnover is a whole multiple of it. */
  private readonly tickLotQuote: bigint;
  private readonly lotBase: bigint;

  constructor(row: PairRow) {
    this.code = row.code;
    this.base = row.base;
    this.quote = row.quote;
    this.symbol = `${row.base}/${row.quote}`;
    const baseScale = scaleOf(row.base);
    const quoteScale = scaleOf(row.quote);
    assert(baseScale !== undefined && quoteScale !== undefined, () => `pair ${row.code} coins`);
    this.baseScale = baseScale;
    this.quoteScale = quoteScale;
    this.tickSize = trimDecimal(row.tick_size);
    this.lotSize = trimDecimal(row.lot_size);
    this.minNotional = trimDecimal(row.min_notional);
    this.tick = toUnits(this.tickSize, WIRE_SCALE);
    this.lot = toUnits(this.lotSize, WIRE_SCALE);
    this.minNotionalUnits = toUnits(this.minNotional, quoteScale);
    // A trade's turnover and quantity must be whole coin units, or money would be rounded.
    const tickLot = this.tick * this.lot * 10n ** BigInt(quoteScale);
    const lotBase = this.lot * 10n ** BigInt(baseScale);
    const wireSquared = WIRE_ONE * WIRE_ONE;
    assert(
      this.tick > 0n && this.lot > 0n && tickLot % wireSquared === 0n && lotBase % WIRE_ONE === 0n,
      () => `pair ${row.code}: tick ${this.tickSize} x lot ${this.lotSize} is not whole units`,
    );
    this.tickLotQuote = tickLot / wireSquared;
    this.lotBase = lotBase / WIRE_ONE;
  }

  /** A wire price as whole ticks; off the tick, too fine or too large answers 10181. */
  ticksOf(price: string): number {
    return this.steps(price, this.tick, Code.priceTickWrong, 'price');
  }

  /** A wire quantity as whole lots; off the lot answers 10182. */
  lotsOf(qty: string): number {
    return this.steps(qty, this.lot, Code.quantityLotWrong, 'qty');
  }

  /** A stored quantity (zero allowed: nothing filled yet) as lots. */
  lotsStored(qty: string): number {
    const units = toUnits(qty, WIRE_SCALE);
    assert(units % this.lot === 0n, () => `stored quantity ${qty} off the lot of ${this.code}`);
    return Number(units / this.lot);
  }

  priceOf(ticks: number): string {
    return trimDecimal(fromUnits(BigInt(ticks) * this.tick, WIRE_SCALE));
  }

  qtyOf(lots: number | bigint): string {
    return trimDecimal(fromUnits(BigInt(lots) * this.lot, WIRE_SCALE));
  }

  /** Quote units of `lots` at `ticks` (a trade's turnover, a buy order's hold). */
  quoteUnits(ticks: number, lots: number | bigint): bigint {
    return BigInt(ticks) * BigInt(lots) * this.tickLotQuote;
  }

  baseUnits(lots: number | bigint): bigint {
    return BigInt(lots) * this.lotBase;
  }

  /** The tick nearest `price` x (1 + bps / 10,000), rounded down or up (contract/spot/figures). */
  ticksAround(price: string, bps: number, round: 'down' | 'up'): number {
    return Number(ticksAround(price, bps, this.tick, round));
  }

  /** Whole lots worth at most `quoteUnits` at `ticks`. */
  lotsFor(quoteUnits: bigint, ticks: number): number {
    return Number(quoteUnits / (BigInt(ticks) * this.tickLotQuote));
  }

  view(fees: { maker: string; taker: string; band: string }): SpotPair {
    return {
      code: this.code,
      symbol: this.symbol,
      base: this.base,
      quote: this.quote,
      tickSize: this.tickSize,
      lotSize: this.lotSize,
      minNotional: this.minNotional,
      makerFeeRate: fees.maker,
      takerFeeRate: fees.taker,
      marketBand: fees.band,
    };
  }

  private steps(value: string, step: bigint, code: CodeValue, field: string): number {
    let units: bigint;
    try {
      units = toUnits(value, WIRE_SCALE);
    } catch {
      throw new AppError(code, { field });
    }
    const steps = units / step;
    if (units <= 0n || units % step !== 0n || steps > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new AppError(code, { field });
    }
    return Number(steps);
  }
}

/** The enabled pairs, in their display order. */
export async function loadPairs(db: Queryable): Promise<Map<string, Pair>> {
  const rows = await db.query<PairRow>(
    `select code, base, quote, tick_size::text, lot_size::text, min_notional::text
       from spot_pairs where enabled order by sort, code`,
  );
  return new Map(rows.map((r) => [r.code, new Pair(r)]));
}
