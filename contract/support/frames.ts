import * as z from 'zod/mini';

/**
 * A conversation's live change, as the `/message` socket sends it (docs/support.md): a new
 * message, the other side typing, a read mark, a new status, or (staff only) a queue change.
 * The person receives theirs on `support.chat` (key `me`), a visitor on `support.visitor` (its
 * channel key), staff on `support.staff` (a conversation's id, or `queue`). zod/mini, so the
 * app's live feed stays small.
 */
const count = z.number().check(z.int(), z.nonnegative());

export const supportMessageFrame = z.object({
  id: count,
  author: z.enum(['person', 'agent', 'system']),
  agent: z.nullable(z.string().check(z.maxLength(60))),
  text: z.string().check(z.maxLength(2000)),
  fileId: z.nullable(z.string().check(z.regex(/^[0-9a-f]{32}$/))),
  internal: z.boolean(),
  flagged: z.boolean(),
  event: z.nullable(z.enum(['assigned', 'transferred', 'resolved'])),
  at: z.string().check(z.maxLength(40)),
});

export const supportFrame = z.object({
  conversationId: count,
  kind: z.enum(['message', 'typing', 'read', 'status', 'queue']),
  message: z.optional(supportMessageFrame),
  /** Who is typing, or whose read mark moved. */
  by: z.optional(z.enum(['person', 'agent'])),
  readId: z.optional(count),
  status: z.optional(z.enum(['waiting', 'ticket', 'open', 'resolved'])),
});
export type SupportFrame = z.infer<typeof supportFrame>;

/** Who a frame is for: a person (id), a visitor (channel) or staff (conversation id, `queue`). */
export const supportDelivery = z.object({
  to: z.enum(['person', 'visitor', 'staff']),
  key: z.string().check(z.maxLength(80)),
  frame: supportFrame,
});

export const supportTopics = {
  'support.chat': supportFrame,
  'support.visitor': supportFrame,
  'support.staff': supportFrame,
} as const;
