import { describe, expect, it } from 'vitest';
import { fromUnits, percentChange, toUnits } from './decimal.ts';

describe('fixed-point decimals', () => {
  it('round-trips', () => {
    expect(toUnits('37000.1', 2)).toBe(3700010n);
    expect(fromUnits(3700010n, 2)).toBe('37000.10');
    expect(fromUnits(5n, 3)).toBe('0.005');
    expect(toUnits('1.50', 1)).toBe(15n);
  });

  it('refuses what is not a plain non-negative decimal, or loses digits', () => {
    for (const bad of ['', '-1', '1e5', 'NaN', '1.2.3', ' 1'])
      expect(() => toUnits(bad, 2)).toThrow();
    expect(() => toUnits('1.005', 2)).toThrow();
  });

  it('computes percent change to 2 decimals', () => {
    expect(percentChange(10000n, 10123n)).toBe('1.23');
    expect(percentChange(10000n, 9876n)).toBe('-1.24');
    expect(percentChange(3n, 4n)).toBe('33.33');
    expect(percentChange(0n, 4n)).toBe('0.00');
  });
});
