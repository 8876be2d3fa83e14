import { applyTick, TIMEFRAMES, type Candle, type Timeframe } from './candles.ts';
import type { CandleRow } from './market-recorder.ts';
import type { InstrumentRow } from './market-state.ts';
import type { Simulator } from './simulator.ts';
import type { Tick } from './types.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const COARSE: readonly Timeframe[] = ['1h', '4h', '1d', '1w', '1M'];

/**
 * Simulated history for a first start: `days` of 15-minute steps (hourly and longer candles)
 * and then the last 24 hours in 10-second steps (every timeframe), one continuous path that
 * the live simulation carries on. Returns the candles and the last ticks of each instrument.
 */
export function backfill(
  simulator: Simulator,
  instruments: readonly InstrumentRow[],
  now: number,
  days: number,
): { candles: CandleRow[]; recent: Map<string, Tick[]> } {
  const byCode = new Map(instruments.map((i) => [i.code, i]));
  const current = new Map<string, Map<Timeframe, Candle>>();
  const candles: CandleRow[] = [];
  const recent = new Map<string, Tick[]>();

  const feed = (ticks: readonly Tick[], timeframes: readonly Timeframe[]) => {
    for (const tick of ticks) {
      const row = byCode.get(tick.code);
      if (row === undefined) continue;
      let open = current.get(tick.code);
      if (open === undefined) current.set(tick.code, (open = new Map()));
      for (const tf of timeframes) {
        const before = open.get(tf);
        const next = applyTick(before, tf, tick, row.precision);
        if (next === undefined) continue;
        if (before !== undefined && before.openTime !== next.openTime) {
          candles.push({ instrumentId: row.id, timeframe: tf, candle: before });
        }
        open.set(tf, next);
      }
      const last = recent.get(tick.code) ?? [];
      last.push(tick);
      if (last.length > 100) last.shift();
      recent.set(tick.code, last);
    }
  };

  const start = now - Math.max(days, 1) * DAY;
  for (let ts = start; ts < now - DAY; ts += 15 * 60_000) feed(simulator.step(ts), COARSE);
  for (let ts = Math.max(start, now - DAY); ts <= now; ts += 10_000)
    feed(simulator.step(ts), TIMEFRAMES);

  for (const [code, open] of current) {
    const row = byCode.get(code);
    if (row === undefined) continue;
    for (const [tf, candle] of open) candles.push({ instrumentId: row.id, timeframe: tf, candle });
  }
  return { candles, recent };
}
