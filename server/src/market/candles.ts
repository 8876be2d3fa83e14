import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Tick } from './types.ts';
import { bucketStart, type Timeframe } from '../../../contract/market/timeframes.ts';

export {
  bucketStart,
  nextBucket,
  TIMEFRAMES,
  type Timeframe,
} from '../../../contract/market/timeframes.ts';

/** Volumes are summed at this scale whatever the source sends. */
export const VOLUME_SCALE = 8;

export interface Candle {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/**
 * The candle after `tick`: a new one when the tick opens a new bucket, else `current` with its
 * high, low, close and volume moved. Ticks older than `current`'s bucket are refused (the
 * caller drops them: candles only move forward).
 */
export function applyTick(
  current: Candle | undefined,
  tf: Timeframe,
  tick: Tick,
  precision: number,
): Candle | undefined {
  const start = bucketStart(tf, tick.ts);
  const volume = toUnits(tick.volume, VOLUME_SCALE);
  if (current === undefined || start > current.openTime) {
    return {
      openTime: start,
      open: tick.price,
      high: tick.price,
      low: tick.price,
      close: tick.price,
      volume: fromUnits(volume, VOLUME_SCALE),
    };
  }
  if (start < current.openTime) return undefined;
  const price = toUnits(tick.price, precision);
  return {
    openTime: current.openTime,
    open: current.open,
    high: price > toUnits(current.high, precision) ? tick.price : current.high,
    low: price < toUnits(current.low, precision) ? tick.price : current.low,
    close: tick.price,
    volume: fromUnits(toUnits(current.volume, VOLUME_SCALE) + volume, VOLUME_SCALE),
  };
}

/** Every candle of `tf` that `ticks` (in time order) make, oldest first. */
export function aggregate(ticks: readonly Tick[], tf: Timeframe, precision: number): Candle[] {
  const out: Candle[] = [];
  let current: Candle | undefined;
  for (const tick of ticks) {
    const next = applyTick(current, tf, tick, precision);
    if (next === undefined) continue;
    if (current !== undefined && next.openTime !== current.openTime) out.push(current);
    current = next;
  }
  if (current !== undefined) out.push(current);
  return out;
}
