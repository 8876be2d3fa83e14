import { z } from 'zod';

const amount = z.string();
const id = z.number().int().positive();

/** Smart plans' notices (merged in contract/notifications/schemas.ts). */
export const plansNotices = [
  /** A day's yield paid: the person's plans together, for that day. */
  z.object({ kind: z.literal('plans.paid'), day: z.string(), amount, plans: id }),
  /** A plan reached its end: the principal is back, every day's yield paid. */
  z.object({ kind: z.literal('plans.matured'), planId: id, amount, revenue: amount }),
] as const;

export const PLANS_MANDATORY = ['plans.matured'] as const;
