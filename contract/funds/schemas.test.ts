import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountSchema } from '../common/amounts.ts';
import { fitsScale, showUnits, withdrawalFee } from './schemas.ts';

describe('amounts and fees', () => {
  it('reads only plain positive decimals', () => {
    for (const ok of ['1', '0.5', '120', '0.000000000000000001', '999999999999.99'])
      expect(amountSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '0',
      '0.0',
      '-1',
      '1e5',
      'NaN',
      '0x10',
      '1,5',
      '',
      '.5',
      '1.',
      '1000000000000',
    ])
      expect(amountSchema.safeParse(bad).success, bad).toBe(false);
    expect(fitsScale('1.000001', 'USDT')).toBe(true);
    expect(fitsScale('1.0000001', 'USDT')).toBe(false);
    expect(fitsScale('1.10000000', 'USDT')).toBe(true);
  });

  it('charges the published rate rounded up, never more than one unit above it', () => {
    expect(showUnits(withdrawalFee(400_000_000n, '0.5'), 'USDT')).toBe('2');
    expect(withdrawalFee(1n, '0.5')).toBe(1n);
    expect(withdrawalFee(1000n, '0')).toBe(0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, r) => {
          const rate = `${Math.floor(r / 10_000)}.${String(r % 10_000).padStart(4, '0')}`;
          const fee = withdrawalFee(amount, rate);
          const exact = amount * BigInt(r); // fee * 1_000_000 ≈ amount * rate% → compare scaled
          expect(fee * 1_000_000n >= exact).toBe(true);
          expect((fee - 1n) * 1_000_000n < exact || fee === 0n).toBe(true);
        },
      ),
    );
  });
});
