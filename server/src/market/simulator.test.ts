import { describe, expect, it } from 'vitest';
import { toUnits } from '../money/decimal.ts';
import { Simulator } from './simulator.ts';
import { isOpen } from './trading-hours.ts';
import type { InstrumentSpec } from './types.ts';

const NY_STOCK = {
  timeZone: 'America/New_York',
  sessions: [{ days: [1, 2, 3, 4, 5], open: '09:30', close: '16:00' }],
};
const spec = (code: string, hours: InstrumentSpec['hours'], volatility = 0.5): InstrumentSpec => ({
  code,
  type: 2,
  appName: code,
  base: code,
  quote: 'USD',
  precision: 2,
  hours,
  sim: { startPrice: '100.00', volatility, drift: 0.01, spreadBps: 1, tickVolume: '1.5' },
});
const START = Date.UTC(2026, 10, 18, 15, 0); // Wednesday 10:00 in New York
const steps = (n: number, every = 1000) => Array.from({ length: n }, (_, i) => START + i * every);

describe('simulator', () => {
  it('gives the same ticks for the same seed, and different ones for another seed', () => {
    const run = (seed: number) => {
      const sim = new Simulator([spec('AAA', null), spec('BBB', NY_STOCK)], seed);
      return steps(500).flatMap((ts) => sim.step(ts));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('quotes positive prices with the instrument precision and positive volumes', () => {
    const sim = new Simulator([spec('AAA', null, 1.5)], 7);
    for (const tick of steps(2000, 60_000).flatMap((ts) => sim.step(ts))) {
      expect(tick.price).toMatch(/^\d+\.\d{2}$/);
      expect(toUnits(tick.price, 2)).toBeGreaterThan(0n);
      expect(tick.volume).toMatch(/^\d+\.\d$/);
    }
  });

  it('moves more for higher volatility', () => {
    const spread = (volatility: number) => {
      const sim = new Simulator([spec('AAA', null, volatility)], 1);
      const prices = steps(3000, 60_000)
        .flatMap((ts) => sim.step(ts))
        .map((t) => Number(t.price));
      return Math.max(...prices) - Math.min(...prices);
    };
    expect(spread(0.9)).toBeGreaterThan(spread(0.05));
  });

  it('does not tick outside trading hours', () => {
    const saturday = Date.UTC(2026, 10, 21, 15, 0);
    expect(isOpen(NY_STOCK, saturday)).toBe(false);
    expect(isOpen(NY_STOCK, START)).toBe(true);
    const sim = new Simulator([spec('BBB', NY_STOCK)], 3);
    expect(Array.from({ length: 100 }, (_, i) => sim.step(saturday + i * 1000)).flat()).toEqual([]);
  });
});
