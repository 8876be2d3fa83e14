/**
 * A loan's arithmetic, one source for the server (what it charges) and the app (what it shows
 * before signing). Amounts are bigints in USDT's smallest unit; rates are percent strings.
 * Every rounding goes against the platform, by less than one unit: interest and damages are
 * rounded down.
 *
 * Days: the day the loan is paid out is day 0 and free; day k (1, 2, …) is the k-th local day
 * after it. Interest accrues for days k > freeDays up to the term; after the repayment day
 * (day termDays) each further day adds liquidated damages instead.
 */
import { percentOf } from '../plans/terms.ts';

export interface LoanTerms {
  termDays: number;
  dailyRatePercent: string;
  freeDays: number;
  overdueRatePercent: string;
}

/** Interest of one charged day. */
export function dayInterest(principal: bigint, terms: LoanTerms): bigint {
  return percentOf(principal, terms.dailyRatePercent, 'down');
}

/** Damages of one day overdue. */
export function dayDamages(principal: bigint, terms: LoanTerms): bigint {
  return percentOf(principal, terms.overdueRatePercent, 'down');
}

/** What day k charges: interest inside the term past the free days, damages after it. */
export function chargeOfDay(principal: bigint, terms: LoanTerms, day: number) {
  if (day <= terms.freeDays || day < 1) return { interest: 0n, damages: 0n };
  if (day <= terms.termDays) return { interest: dayInterest(principal, terms), damages: 0n };
  return { interest: 0n, damages: dayDamages(principal, terms) };
}

/** Interest and damages after `days` days have been accrued (the job's running sums). */
export function accruedAfter(principal: bigint, terms: LoanTerms, days: number) {
  const charged = Math.max(0, Math.min(days, terms.termDays) - terms.freeDays);
  const overdue = Math.max(0, days - terms.termDays);
  return {
    interest: dayInterest(principal, terms) * BigInt(charged),
    damages: dayDamages(principal, terms) * BigInt(overdue),
  };
}

export interface LoanFigures {
  /** Interest over the whole term, repaid on the repayment day. */
  totalInterest: bigint;
  /** Principal plus that interest. */
  totalRepay: bigint;
  /** The rate a year, in percent, as a decimal string with 2 places (daily rate × 365). */
  annualPercent: string;
  dailyDamages: bigint;
}

/** The figures shown before signing. */
export function loanFigures(principal: bigint, terms: LoanTerms): LoanFigures {
  const { interest } = accruedAfter(principal, terms, terms.termDays);
  const [whole, frac = ''] = terms.dailyRatePercent.split('.');
  const rate = BigInt(whole ?? '0') * 1_000_000n + BigInt((frac + '000000').slice(0, 6));
  const annual = (rate * 365n + 5_000n) / 10_000n; // hundredths of a percent, half up
  return {
    totalInterest: interest,
    totalRepay: principal + interest,
    annualPercent: `${annual / 100n}.${String(annual % 100n).padStart(2, '0')}`,
    dailyDamages: dayDamages(principal, terms),
  };
}
