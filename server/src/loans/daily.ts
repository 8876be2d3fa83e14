import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { OnceJob } from '../platform/jobs/jobs.ts';
import { addDays } from '../platform/jobs/slots.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { assert } from '../assert.ts';

import { percentOf } from '../../../contract/plans/terms.ts';

/** Loans one day accrues at most: past this the job fails loudly rather than run unbounded. */
const LOANS_PER_DAY_MAX = 2_000_000;

interface AccruedRow {
  id: number;
  user_id: number;
  amount: string;
  term_days: number;
  days_accrued: number;
  interest: string;
  damages: string;
  overdue_rate: string;
  due_day: string;
}

/**
 * Daily, at midnight in the loans' zone: every open loan whose next day has ended accrues it,
 * in one statement: interest inside the term past the free days, damages after the repayment
 * day (contract/loans/terms.ts says the same per day; repayment checks the two agree). A loan
 * whose repayment day just ended becomes overdue (expired) and is told; one three days from
 * it is reminded. The run's row and the loans' days commit together: a day accrues once.
 */
export function loanAccrualJob(notices: Notices, timeZone: string): OnceJob {
  return {
    name: 'loans.accrue',
    schedule: { every: 'day', timeZone },
    missed: 'each',
    async runInTx(tx, slot) {
      const day = addDays(slot.key, -1);
      // Rates are percent with at most 6 decimals and amounts have 6: trunc(…, 6) is the
      // exact floor that terms.ts's bigint arithmetic computes.
      const rows = await tx.query<AccruedRow>(
        `update loans set
           days_accrued = days_accrued + 1,
           interest = interest + case when days_accrued + 1 > free_days and days_accrued + 1 <= term_days
                                      then trunc(amount * daily_rate / 100, 6) else 0 end,
           damages = damages + case when days_accrued + 1 > term_days
                                    then trunc(amount * overdue_rate / 100, 6) else 0 end,
           status = case when days_accrued + 1 >= term_days then 'expired' else status end
         where status in ('repaying', 'expired') and first_day + days_accrued <= $1::date
         returning id, user_id, amount::text, term_days, days_accrued, interest::text,
                   damages::text, overdue_rate::text, to_char(due_day, 'YYYY-MM-DD') as due_day`,
        [day],
      );
      assert(rows.length <= LOANS_PER_DAY_MAX, () => `${rows.length} loans in one day`);
      const owed = (r: AccruedRow) =>
        trimDecimal(
          fromUnits(
            toUnits(r.amount, USDT_SCALE) +
              toUnits(r.interest, USDT_SCALE) +
              toUnits(r.damages, USDT_SCALE),
            USDT_SCALE,
          ),
        );
      const overdue = rows.filter((r) => r.days_accrued === r.term_days);
      const due = rows.filter((r) => r.days_accrued === r.term_days - 3);
      await notices.raiseMany(tx, [
        ...overdue.map((r) => ({
          userId: Number(r.user_id),
          notice: {
            kind: 'loans.overdue' as const,
            loanId: Number(r.id),
            owed: owed(r),
            dailyDamages: trimDecimal(
              fromUnits(
                percentOf(toUnits(r.amount, USDT_SCALE), r.overdue_rate, 'down'),
                USDT_SCALE,
              ),
            ),
          },
        })),
        ...due.map((r) => ({
          userId: Number(r.user_id),
          notice: {
            kind: 'loans.due' as const,
            loanId: Number(r.id),
            dueDay: r.due_day,
            owed: owed(r),
          },
        })),
      ]);
      return { loans: rows.length, overdue: overdue.length, due: due.length, day };
    },
  };
}
