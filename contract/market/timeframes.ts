/** Candle buckets, shared so the app draws live candles exactly as the server records them. */
/** Candle timeframes (SPEC §3 units: min, hour, day, week, month). */
export const TIMEFRAMES = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

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
