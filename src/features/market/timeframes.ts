import type { Timeframe } from '../../../contract/market/timeframes.ts';

/** The timeframe switcher, grouped by SPEC §3 units (min, hour, day, week, month). */
export const TIMEFRAME_CHOICES: ReadonlyArray<{
  value: Timeframe;
  unit: 'min' | 'hour' | 'day' | 'week' | 'month';
  count: number;
}> = [
  { value: '1m', unit: 'min', count: 1 },
  { value: '5m', unit: 'min', count: 5 },
  { value: '15m', unit: 'min', count: 15 },
  { value: '30m', unit: 'min', count: 30 },
  { value: '1h', unit: 'hour', count: 1 },
  { value: '4h', unit: 'hour', count: 4 },
  { value: '1d', unit: 'day', count: 1 },
  { value: '1w', unit: 'week', count: 1 },
  { value: '1M', unit: 'month', count: 1 },
];
