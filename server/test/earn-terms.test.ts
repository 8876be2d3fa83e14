import { describe, expect, it } from 'vitest';
import { accruedAfter, chargeOfDay, loanFigures } from '../../contract/loans/terms.ts';
import { dailyYield, exitPenalty, planFigures } from '../../contract/plans/terms.ts';
import { addDays, localDate, localMidnight } from '../src/platform/jobs/slots.ts';

/** Plans' and loans' arithmetic against hand-computed tables (docs/plans.md, docs/loans.md). */
const u = (usdt: string) => {
  const [w, f = ''] = usdt.split('.');
  return BigInt(w ?? '0') * 1_000_000n + BigInt((f + '000000').slice(0, 6));
};

describe('plan arithmetic', () => {
  it.each([
    // principal, daily %, daily yield (rounded up), cycle, total at maturity
    ['500', '1', '5', 3, '515'],
    ['100', '0.333333', '0.333333', 30, '109.99999'],
    ['0.000001', '0.5', '0.000001', 10, '0.000011'],
    ['333.333333', '0.1', '0.333334', 7, '335.666671'],
  ])('%s at %s%% a day pays %s a day', (principal, rate, perDay, cycle, atMaturity) => {
    const f = planFigures(u(principal), {
      dailyRatePercent: rate,
      cycleDays: cycle,
      exitPenaltyPercent: '0',
    });
    expect(f.dailyYield).toBe(u(perDay));
    expect(f.atMaturity).toBe(u(atMaturity));
  });

  it.each([
    // principal, penalty %, penalty kept (rounded down), returned
    ['1000', '5', '50', '950'],
    ['333.333333', '2.5', '8.333333', '325'],
    ['0.000039', '2.5', '0', '0.000039'],
    ['100', '100', '100', '0'],
  ])('an exit of %s at %s%% keeps %s', (principal, pct, penalty, back) => {
    expect(exitPenalty(u(principal), pct)).toBe(u(penalty));
    expect(
      planFigures(u(principal), { dailyRatePercent: '1', cycleDays: 1, exitPenaltyPercent: pct })
        .exitReturns,
    ).toBe(u(back));
  });

  it('rounds against the platform by less than one unit', () => {
    for (const p of [1n, 7n, 999_999n, 123_456_789n]) {
      const exact = p * 333_333n; // × 0.333333 %, in units of 1e-8
      const y = dailyYield(p, '0.333333');
      expect(y * 100_000_000n >= exact && (y - 1n) * 100_000_000n < exact).toBe(true);
    }
  });
});

describe('loan arithmetic', () => {
  const terms = { termDays: 5, dailyRatePercent: '0.1', freeDays: 2, overdueRatePercent: '0.5' };
  it('charges nothing in the free days, interest to the term, damages after it', () => {
    const table = [1, 2, 3, 4, 5, 6, 7].map((d) => chargeOfDay(u('1000'), terms, d));
    expect(table.map((c) => c.interest)).toEqual([0n, 0n, u('1'), u('1'), u('1'), 0n, 0n]);
    expect(table.map((c) => c.damages)).toEqual([0n, 0n, 0n, 0n, 0n, u('5'), u('5')]);
    expect(accruedAfter(u('1000'), terms, 2)).toEqual({ interest: 0n, damages: 0n });
    expect(accruedAfter(u('1000'), terms, 4)).toEqual({ interest: u('2'), damages: 0n });
    expect(accruedAfter(u('1000'), terms, 7)).toEqual({ interest: u('3'), damages: u('10') });
  });

  it('repaid before the interest-free days end costs the principal only', () => {
    const f = loanFigures(u('1000'), { ...terms, freeDays: 10 });
    expect(f.totalInterest).toBe(0n);
    expect(accruedAfter(u('1000'), { ...terms, freeDays: 10 }, 3).interest).toBe(0n);
  });

  it('states the annual rate and rounds interest down', () => {
    expect(loanFigures(u('1000'), terms)).toMatchObject({
      totalRepay: u('1003'),
      annualPercent: '36.50',
    });
    // 123.456789 × 0.1% = 0.123456789 → 0.123456 a day.
    expect(chargeOfDay(u('123.456789'), terms, 3).interest).toBe(u('0.123456'));
  });
});

describe('days in the stated zone', () => {
  it('crosses a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('a subscription late in the evening belongs to that local day, not the UTC one', () => {
    // 23:30 in New York on 1 March is 04:30 UTC on 2 March.
    const at = Date.UTC(2027, 2, 2, 4, 30);
    expect(localDate(at, 'America/New_York')).toBe('2027-03-01');
    expect(localDate(at, 'UTC')).toBe('2027-03-02');
    // The first earning day is the next local day, which starts at 05:00 UTC.
    expect(
      new Date(localMidnight(addDays('2027-03-01', 1), 'America/New_York')).toISOString(),
    ).toBe('2027-03-02T05:00:00.000Z');
  });

  it('a day of 23 hours (spring forward) still pays once', () => {
    const start = localMidnight('2027-03-14', 'America/New_York');
    const next = localMidnight('2027-03-15', 'America/New_York');
    expect(next - start).toBe(23 * 3_600_000);
  });
});
