import { z } from 'zod';

const amount = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);
const asset = z.string().regex(/^[A-Z0-9]{1,12}$/);
const id = z.number().int().positive();
/** Staff's reason as written for the person (shown as text, never as markup). */
const reason = z.string().max(500).nullable();

/** Funds' notices (merged in contract/notifications/schemas.ts). */
export const fundsNotices = [
  /** Approved by staff or credited from the chain; or rejected by staff, with the reason. */
  z.object({
    kind: z.literal('funds.deposit-decided'),
    depositId: id,
    approved: z.boolean(),
    amount,
    asset,
    /** From the review catalogue (contract/funds/review-reasons.ts), worded by the app. */
    reasonCode: z
      .string()
      .regex(/^[a-z][a-z_]{1,39}$/)
      .nullable(),
    reason,
  }),
  z.object({
    kind: z.literal('funds.withdrawal-decided'),
    withdrawalId: id,
    approved: z.boolean(),
    amount,
    asset,
    /** From the review catalogue (contract/funds/review-reasons.ts), worded by the app. */
    reasonCode: z
      .string()
      .regex(/^[a-z][a-z_]{1,39}$/)
      .nullable(),
    reason,
  }),
] as const;

/** Money-critical: a person cannot switch these off. */
export const FUNDS_MANDATORY = ['funds.withdrawal-decided'] as const;
