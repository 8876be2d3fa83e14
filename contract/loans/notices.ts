import { z } from 'zod';
import { reasonCode } from '../review.ts';

const amount = z.string();
const loanId = z.number().int().positive();

/** Loans' notices (merged in contract/notifications/schemas.ts). */
export const loansNotices = [
  /** Staff decided an application: paid out, or rejected with a reason. */
  z.object({
    kind: z.literal('loans.decided'),
    loanId,
    approved: z.boolean(),
    amount,
    reasonCode: reasonCode.nullable(),
  }),
  /** The repayment day is three days away. */
  z.object({ kind: z.literal('loans.due'), loanId, dueDay: z.string(), owed: amount }),
  /** The repayment day passed: damages accrue each day from now. */
  z.object({ kind: z.literal('loans.overdue'), loanId, owed: amount, dailyDamages: amount }),
] as const;

export const LOANS_MANDATORY = ['loans.decided', 'loans.overdue'] as const;
