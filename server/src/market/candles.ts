import { fromUnits, toUnits } from './decimal.ts';
import type { Tick } from './types.ts';

/** Candle timeframes (SPEC §3 units: min, hour, day, week, month). */
export const TIMEFRAMES = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Volumes are summed at this scale whatever the source sends. */
export const VOLUME_SCALE = 8;

const MINUTE = 60_000;
const FIXED_MS: Record<Exclude<Timeframe, '1w' | '1M'>, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};

/** Start of the UTC bucket holding `ts`; weeks start on Monday, months on the 1st. */
export function bucketStart(tf: Timeframe, ts: number): number {
  if (tf === '1M') {
    const d = new Date(ts);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (tf === '1w') {
    const day = Math.floor(ts / FIXED_MS['1d']) * FIXED_MS['1d'];
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
    return day - weekday * FIXED_MS['1d'];
  }
  const size = FIXED_MS[tf];
  return Math.floor(ts / size) * size;
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(tf: Timeframe, start: number): number {
  if (tf === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  if (tf === '1w') return start + 7 * FIXED_MS['1d'];
  return start + FIXED_MS[tf];
}

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
