import { z } from 'zod';

/**
 * The review queue's shared wire shapes (docs/review.md): every staff decision (a deposit, a
 * withdrawal, an identity) is claimed, then decided with a reason code from the capability's
 * catalogue and a note. A rejection needs a reason code, or (`other`) a note of 3 characters.
 */
export const REVIEW_LIMITS = {
  noteMax: 500,
  /** A claim lapses after this long, so a reviewer who walked away blocks nobody. */
  claimMinutes: 15,
} as const;

export const reasonCode = z.string().regex(/^[a-z][a-z_]{1,39}$/);

export const decisionBody = z
  .object({
    id: z.number().int().positive(),
    decision: z.enum(['approve', 'reject']),
    /** From the capability's catalogue (`other` when only the note says why). */
    reasonCode: reasonCode.optional(),
    /** Staff's note, shown to the person with the reason on a rejection. */
    reason: z.string().trim().max(REVIEW_LIMITS.noteMax).default(''),
  })
  .superRefine((b, ctx) => {
    const code = b.reasonCode ?? 'other';
    if (b.decision === 'reject' && code === 'other' && b.reason.length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason' });
    }
  });
export type DecisionBody = z.infer<typeof decisionBody>;

export const claimBody = z.object({ id: z.number().int().positive() });
export const claimResult = z.object({
  id: z.number().int(),
  /** Until when the caller holds it (ISO). */
  until: z.string(),
});
