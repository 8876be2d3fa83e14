import { z } from 'zod';
import { reasonCode } from '../review.ts';

const id = z.number().int().positive();

/** What staff (or the chain) decided on a deposit or a withdrawal, as the person is told. */
const decision = {
  approved: z.boolean(),
  amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
  asset: z.string().regex(/^[A-Z0-9]{1,12}$/),
  /** From the review catalogue (contract/funds/review-reasons.ts), worded by the app. */
  reasonCode: reasonCode.nullable(),
  /** Staff's note as written for the person (shown as text, never as markup). */
  reason: z.string().max(500).nullable(),
};

/** Funds' notices (merged in contract/notifications/schemas.ts). */
export const fundsNotices = [
  /** Approved by staff or credited from the chain; or rejected by staff, with the reason. */
  z.object({ kind: z.literal('funds.deposit-decided'), depositId: id, ...decision }),
  z.object({ kind: z.literal('funds.withdrawal-decided'), withdrawalId: id, ...decision }),
] as const;

/** Money-critical: a person cannot switch these off. */
export const FUNDS_MANDATORY = ['funds.withdrawal-decided'] as const;
