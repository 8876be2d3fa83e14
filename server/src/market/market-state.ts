import { applyTick, TIMEFRAMES, type Candle, type Timeframe } from './candles.ts';
import { percentChange, toUnits } from '../money/decimal.ts';
import type { InstrumentSpec, Tick } from './types.ts';

export const HUNDRED = 100;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** An `instruments` row: the shipped spec's descriptive fields, with its id and order. */
export type InstrumentRow = Pick<
  InstrumentSpec,
  'code' | 'type' | 'appName' | 'base' | 'quote' | 'precision' | 'hours'
> & { id: number; sort: number };

/**
 * The live state of one instrument: last tick, the last 100 prices, 24 hours of minute
 * closes (for the 24h change) and the candle in progress of every timeframe.
 */
export class InstrumentState {
  last: Tick | undefined;
  readonly hundred: string[] = [];
  /** Minute start -> last price in that minute, for the last 24 hours and a little more. */
  private readonly minuteCloses = new Map<number, string>();
  readonly candles = new Map<Timeframe, Candle>();

  constructor(readonly row: InstrumentRow) {}

  /** Applies a tick; returns the timeframes whose candle changed, or undefined if refused. */
  apply(tick: Tick): Timeframe[] | undefined {
    if (this.last !== undefined && tick.ts < this.last.ts) return undefined;
    const changed: Timeframe[] = [];
    for (const tf of TIMEFRAMES) {
      const next = applyTick(this.candles.get(tf), tf, tick, this.row.precision);
      if (next === undefined) continue;
      this.candles.set(tf, next);
      changed.push(tf);
    }
    this.last = tick;
    this.hundred.push(tick.price);
    if (this.hundred.length > HUNDRED) this.hundred.splice(0, this.hundred.length - HUNDRED);
    this.rememberClose(tick.ts, tick.price);
    return changed;
  }

  rememberClose(ts: number, price: string): void {
    const minute = Math.floor(ts / MINUTE_MS) * MINUTE_MS;
    this.minuteCloses.set(minute, price);
    const horizon = minute - DAY_MS - 10 * MINUTE_MS;
    for (const key of this.minuteCloses.keys()) {
      if (key >= horizon) break; // insertion order is time order
      this.minuteCloses.delete(key);
    }
  }

  /** The 24h reference price of the current minute: found once a minute, not per call. */
  private reference: { minute: number; price: string | undefined } | undefined;

  /** 24h change in percent: last price against the last price at or before `now - 24h`. */
  zdf(now: number): string {
    if (this.last === undefined) return '0.00';
    const minute = Math.floor(now / MINUTE_MS);
    if (this.reference?.minute !== minute) {
      this.reference = { minute, price: this.referencePrice(now - DAY_MS) };
    }
    const reference = this.reference.price;
    if (reference === undefined) return '0.00';
    const p = this.row.precision;
    return percentChange(toUnits(reference, p), toUnits(this.last.price, p));
  }

  private referencePrice(cutoff: number): string | undefined {
    let reference: string | undefined;
    for (const [minute, price] of this.minuteCloses) {
      if (minute > cutoff) {
        reference ??= price; // history shorter than a day: the oldest price we have
        break;
      }
      reference = price;
    }
    return reference;
  }
}
