import type { Loan, LoanStatus } from '../../../contract/loans/schemas.ts';
import { accruedAfter, chargeOfDay, type LoanTerms } from '../../../contract/loans/terms.ts';
import { assert } from '../assert.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { addDays } from '../platform/jobs/slots.ts';

export interface LoanRow {
  id: number;
  user_id: number;
  product_id: number;
  product_name: string;
  body_hash: string;
  status: LoanStatus;
  amount: string;
  term_days: number;
  daily_rate: string;
  free_days: number;
  overdue_rate: string;
  /** What was signed, as sealed by agreement_hash (loans.ts, `signed`). */
  figures: { figures: Loan['figures']; signedAt: string };
  agreement_version: string;
  agreement_hash: string;
  signature_id: string | null;
  signature_sha256: string;
  /** The language the person signed in. */
  language: string;
  first_day: string | null;
  due_day: string | null;
  days_accrued: number;
  interest: string;
  damages: string;
  repaid_amount: string | null;
  reason_code: string | null;
  applied_at: Date;
  decided_at: Date | null;
  repaid_at: Date | null;
}

export const LOAN_COLUMNS = `l.id, l.user_id, l.product_id, p.name as product_name, l.body_hash,
  l.status, l.amount::text, l.term_days, l.daily_rate::text, l.free_days, l.overdue_rate::text,
  l.figures, l.agreement_version, l.agreement_hash, l.signature_id, l.signature_sha256, l.language,
  to_char(l.first_day, 'YYYY-MM-DD') as first_day, to_char(l.due_day, 'YYYY-MM-DD') as due_day,
  l.days_accrued, l.interest::text, l.damages::text, l.repaid_amount::text, l.reason_code,
  l.applied_at, l.decided_at, l.repaid_at
  from loans l join loan_products p on p.id = l.product_id`;

const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));
/** Days of the schedule shown past the repayment day (damages accrue every one of them). */
const SCHEDULE_OVERDUE_DAYS = 7;

export function termsOf(
  r: { daily_rate: string; free_days: number; overdue_rate: string },
  termDays: number,
): LoanTerms {
  return {
    termDays,
    dailyRatePercent: r.daily_rate,
    freeDays: r.free_days,
    overdueRatePercent: r.overdue_rate,
  };
}

/**
 * What repaying now costs. The job adds each day's charge to the row; the terms say what those
 * days must add up to: the two are checked against each other before money moves.
 */
export function owedOf(r: LoanRow) {
  const principal = toUnits(r.amount, USDT_SCALE);
  const interest = toUnits(r.interest, USDT_SCALE);
  const damages = toUnits(r.damages, USDT_SCALE);
  const expected = accruedAfter(principal, termsOf(r, r.term_days), r.days_accrued);
  assert(
    expected.interest === interest && expected.damages === damages,
    () =>
      `loan ${r.id}: accrued ${interest}/${damages}, terms say ${expected.interest}/${expected.damages}`,
  );
  return { principal, interest, damages, owed: principal + interest + damages };
}

/** Each day's charge: the days accrued, the rest of the term, a week past it. */
function scheduleOf(r: LoanRow, principal: bigint): Loan['schedule'] {
  if (r.first_day === null) return [];
  const terms = termsOf(r, r.term_days);
  const last =
    Math.max(r.term_days, r.days_accrued) + (r.status === 'repaid' ? 0 : SCHEDULE_OVERDUE_DAYS);
  const rows: Loan['schedule'] = [];
  let owed = principal;
  for (let day = 1; day <= Math.min(last, 400); day++) {
    const charge = chargeOfDay(principal, terms, day);
    owed += charge.interest + charge.damages;
    rows.push({
      day,
      date: addDays(r.first_day, day - 1),
      interest: usdt(charge.interest),
      damages: usdt(charge.damages),
      owed: usdt(owed),
    });
  }
  return rows;
}

export function loanView(r: LoanRow): Loan {
  const open = r.status === 'repaying' || r.status === 'expired';
  const principal = toUnits(r.amount, USDT_SCALE);
  return {
    id: Number(r.id),
    productId: Number(r.product_id),
    productName: r.product_name,
    status: r.status,
    amount: trimDecimal(r.amount),
    termDays: r.term_days,
    dailyRatePercent: trimDecimal(r.daily_rate),
    freeDays: r.free_days,
    overdueRatePercent: trimDecimal(r.overdue_rate),
    figures: r.figures.figures,
    agreementVersion: r.agreement_version,
    agreementHash: r.agreement_hash,
    firstDay: r.first_day,
    dueDay: r.due_day,
    daysAccrued: r.days_accrued,
    interest: trimDecimal(r.interest),
    damages: trimDecimal(r.damages),
    owed: open ? usdt(owedOf(r).owed) : null,
    schedule: scheduleOf(r, principal),
    repaidAmount: r.repaid_amount === null ? null : trimDecimal(r.repaid_amount),
    reasonCode: r.reason_code,
    appliedAt: new Date(r.applied_at).toISOString(),
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
    repaidAt: r.repaid_at === null ? null : new Date(r.repaid_at).toISOString(),
  };
}
