import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, bucketStart, TIMEFRAMES, VOLUME_SCALE } from './candles.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Tick } from './types.ts';

const T0 = Date.UTC(2026, 10, 18, 9, 30); // Wednesday 2026-11-18 09:30 UTC
const tick = (secondsAfter: number, price: string, volume = '1'): Tick => ({
  code: 'X',
  price,
  volume,
  ts: T0 + secondsAfter * 1000,
});

describe('candle aggregation', () => {
  it('matches hand-computed 1m and 5m candles', () => {
    const ticks = [
      tick(0, '100.00', '2'),
      tick(20, '101.50'),
      tick(40, '99.25', '0.5'),
      tick(59, '100.75'),
      tick(60, '100.80'), // next minute
      tick(299, '98.00', '3'),
      tick(300, '97.50'), // 09:35: next 5-minute bucket
    ];
    expect(aggregate(ticks, '1m', 2)).toEqual([
      {
        openTime: T0,
        open: '100.00',
        high: '101.50',
        low: '99.25',
        close: '100.75',
        volume: '4.50000000',
      },
      {
        openTime: T0 + 60_000,
        open: '100.80',
        high: '100.80',
        low: '100.80',
        close: '100.80',
        volume: '1.00000000',
      },
      {
        openTime: T0 + 240_000,
        open: '98.00',
        high: '98.00',
        low: '98.00',
        close: '98.00',
        volume: '3.00000000',
      },
      {
        openTime: T0 + 300_000,
        open: '97.50',
        high: '97.50',
        low: '97.50',
        close: '97.50',
        volume: '1.00000000',
      },
    ]);
    expect(aggregate(ticks, '5m', 2)).toEqual([
      {
        openTime: T0,
        open: '100.00',
        high: '101.50',
        low: '98.00',
        close: '98.00',
        volume: '8.50000000',
      },
      {
        openTime: T0 + 300_000,
        open: '97.50',
        high: '97.50',
        low: '97.50',
        close: '97.50',
        volume: '1.00000000',
      },
    ]);
  });

  it('starts weeks on Monday and months on the first, in UTC', () => {
    expect(new Date(bucketStart('1w', T0)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(bucketStart('1M', T0)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(bucketStart('4h', T0)).toISOString()).toBe('2026-11-18T08:00:00.000Z');
    expect(new Date(bucketStart('1d', T0)).toISOString()).toBe('2026-11-18T00:00:00.000Z');
  });

  it('leaves gaps where no tick came (closed markets), never filling them', () => {
    const candles = aggregate([tick(0, '1.00'), tick(3 * 3600, '2.00')], '1h', 2);
    expect(candles.map((c) => c.openTime - bucketStart('1h', T0))).toEqual([0, 3 * 3_600_000]);
  });

  it('keeps every invariant for any tick sequence (property)', () => {
    const ticksArb = fc
      .array(
        fc.record({
          dt: fc.integer({ min: 0, max: 400_000 }),
          price: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          volume: fc.bigInt({ min: 0n, max: 10n ** 10n }),
        }),
        { minLength: 1, maxLength: 200 },
      )
      .map((steps) => {
        let ts = T0;
        return steps.map((s) => {
          ts += s.dt;
          return { code: 'X', price: fromUnits(s.price, 4), volume: fromUnits(s.volume, 3), ts };
        });
      });
    fc.assert(
      fc.property(ticksArb, fc.constantFrom(...TIMEFRAMES), (ticks, tf) => {
        const candles = aggregate(ticks, tf, 4);
        const total = candles.reduce((sum, c) => sum + toUnits(c.volume, VOLUME_SCALE), 0n);
        const expected = ticks.reduce((sum, t) => sum + toUnits(t.volume, VOLUME_SCALE), 0n);
        expect(total).toBe(expected);
        expect(candles[0]?.open).toBe(ticks[0]?.price);
        expect(candles.at(-1)?.close).toBe(ticks.at(-1)?.price);
        let previousOpen = -Infinity;
        for (const c of candles) {
          const [o, h, l, cl] = [c.open, c.high, c.low, c.close].map((p) => toUnits(p, 4)) as [
            bigint,
            bigint,
            bigint,
            bigint,
          ];
          expect(h >= o && h >= cl && l <= o && l <= cl).toBe(true);
          expect(c.openTime).toBeGreaterThan(previousOpen);
          expect(bucketStart(tf, c.openTime)).toBe(c.openTime);
          previousOpen = c.openTime;
        }
      }),
    );
  });
});
