import { z } from 'zod';
import { SPOT_SIDES } from './schemas.ts';

/** The book the order lives in: a demo close is told too, and opens in the demo book. */
const book = z.enum(['real', 'demo']);

/** Spot's notices (merged in contract/notifications/schemas.ts). */
export const spotNotices = [
  /** An order filled in full (a partial fill is shown in the order, not announced). */
  z.object({
    kind: z.literal('spot.order-filled'),
    book,
    orderId: z.number().int().positive(),
    code: z.string().regex(/^[A-Z0-9]{1,20}$/),
    side: z.enum(SPOT_SIDES),
  }),
] as const;
