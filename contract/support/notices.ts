import { z } from 'zod';

/** Live support's notices (merged in contract/notifications/schemas.ts). */
export const supportNotices = [
  /** Staff answered the person's message. */
  z.object({ kind: z.literal('support.answered'), conversationId: z.number().int().positive() }),
] as const;
