import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { Code } from '../errors.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/** Live support (docs/support.md): conversations between a person or a visitor and staff. */
export const SUPPORT_LIMITS = {
  textMax: 2000,
  commentMax: 500,
  /** Messages a conversation answers at most (the newest). */
  historyMax: 200,
  cannedMax: 100,
  cannedTitleMax: 80,
  /** Conversations one agent may take at once, at most. */
  capacityMax: 20,
  /** The name an agent shows to people, in characters. */
  displayNameMax: 40,
  pageSizeMax: 50,
  reasonMax: 500,
  /** Sidebar rows per kind (deposits, withdrawals, orders, positions). */
  sidebarRows: 5,
} as const;

/**
 * waiting: in the queue while staff are online; ticket: no one was online, a reply is promised;
 * open: an agent has it; resolved: closed by staff (the person may rate it).
 */
export const CONVERSATION_STATUSES = ['waiting', 'ticket', 'open', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** What staff see of a conversation: its author's side and the staff notes. */
export const QUEUES = ['unassigned', 'mine', 'all'] as const;
/** A system line in the conversation: who has it now, and its end. */
export const SUPPORT_EVENTS = ['assigned', 'transferred', 'resolved'] as const;

export const supportFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  conversationId: { missing: Code.notFound, invalid: Code.notFound },
  id: { missing: Code.notFound, invalid: Code.notFound },
  messageId: { missing: Code.badRequest, invalid: Code.badRequest },
  text: { missing: Code.supportEmpty, invalid: Code.paramWrong, multiline: true },
  fileId: { missing: Code.notFound, invalid: Code.notFound },
  rating: { missing: Code.paramWrong, invalid: Code.paramWrong },
  comment: { missing: Code.paramWrong, invalid: Code.paramWrong, multiline: true },
  email: { missing: Code.emailWrong, invalid: Code.emailWrong },
  code: { missing: Code.enterCode, invalid: Code.codeWrong },
  token: { missing: Code.supportVisitorEnded, invalid: Code.supportVisitorEnded },
  internal: { missing: Code.badRequest, invalid: Code.badRequest },
  queue: { missing: Code.badRequest, invalid: Code.badRequest },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  staffId: { missing: Code.supportAgentUnavailable, invalid: Code.supportAgentUnavailable },
  reason: { missing: Code.reasonRequired, invalid: Code.paramWrong, multiline: true },
  online: { missing: Code.badRequest, invalid: Code.badRequest },
  capacity: { missing: Code.paramWrong, invalid: Code.paramWrong },
  title: { missing: Code.paramWrong, invalid: Code.paramWrong },
  unmask: { missing: Code.badRequest, invalid: Code.badRequest },
  month: { missing: Code.badRequest, invalid: Code.badRequest },
  displayName: { missing: Code.badRequest, invalid: Code.badRequest },
} as const satisfies FieldCodeMap;

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const fileId = z.string().regex(/^[0-9a-f]{32}$/);
const text = z.string().max(SUPPORT_LIMITS.textMax);

export const supportMessage = z.object({
  id: z.number().int(),
  author: z.enum(['person', 'agent', 'system']),
  /** The agent's display name (null: none set, or the person and the system). */
  agent: z.string().nullable(),
  text: z.string(),
  /** An image the person attached (the files kernel's id, read through the file routes). */
  fileId: z.string().nullable(),
  /** A staff note: only staff ever receive one. */
  internal: z.boolean(),
  /** It looked like a code or a recovery phrase when it was sent (contract/support/sensitive). */
  flagged: z.boolean(),
  event: z.enum(SUPPORT_EVENTS).nullable(),
  at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const conversation = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  createdAt: z.string(),
  agent: z.string().nullable(),
  /** While waiting: the place in the queue and the wait the last hour's figures suggest. */
  queue: z
    .object({ position: z.number().int(), expectedWaitSeconds: z.number().int().nullable() })
    .nullable(),
  /** A ticket's promised reply time. */
  promisedBy: z.string().nullable(),
  /** Read receipts: the last message each side has seen. */
  personReadId: z.number().int(),
  agentReadId: z.number().int(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  messages: z.array(supportMessage),
});
export type Conversation = z.infer<typeof conversation>;

export const supportState = z.object({
  /** The open conversation, else the last resolved one while it may still be rated. */
  conversation: conversation.nullable(),
  agentsOnline: z.number().int(),
  replyHours: z.number().int(),
});
export type SupportState = z.infer<typeof supportState>;

export const sendBody = z.object({
  key: requestKeySchema,
  /** Absent: the caller's open conversation, started if there is none. */
  conversationId: id.optional(),
  text: text.default(''),
  fileId: fileId.optional(),
});
export const conversationBody = z.object({ conversationId: id });
export const readBody = z.object({ conversationId: id, messageId: id });
export const rateBody = z.object({
  conversationId: id,
  rating: wholeNumber(1, 5),
  comment: z.string().max(SUPPORT_LIMITS.commentMax).default(''),
});
export const uploadResult = z.object({ fileId: z.string() });
export const visitorCodeBody = z.object({ email: emailSchema });
export const visitorBody = z.object({ email: emailSchema, code: z.string().regex(/^\d{6}$/) });
/** A visitor's chat: `token` authorises its calls, `channel` is the live topic's key. */
export const visitorResult = z.object({ token: z.string(), channel: z.string() });
export const claimBody = z.object({ token: z.string().regex(/^sv_[0-9a-f]{64}$/) });

// Staff

export const staffListQuery = z.object({
  queue: z.enum(QUEUES).default('unassigned'),
  status: z.enum(CONVERSATION_STATUSES).optional(),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, SUPPORT_LIMITS.pageSizeMax).default(20),
});
export const conversationRow = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  /** The person (masked) or the visitor's address (masked). */
  who: z.string(),
  visitor: z.boolean(),
  agent: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  lastText: z.string(),
  /** Messages from the person the agent has not yet seen. */
  unread: z.number().int(),
});
export const conversationList = z.object({
  rows: z.array(conversationRow),
  total: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationList>;
export const staffConversation = conversation.extend({
  who: z.string(),
  visitor: z.boolean(),
  userId: z.number().int().nullable(),
  agentId: z.number().int().nullable(),
});
export type StaffConversation = z.infer<typeof staffConversation>;
export const idParams = z.object({ id });
export const replyBody = z.object({
  key: requestKeySchema,
  conversationId: id,
  text: text.min(1),
  internal: z.boolean().default(false),
});
export const transferBody = z.object({
  conversationId: id,
  staffId: id,
  reason: z.string().trim().min(1).max(SUPPORT_LIMITS.reasonMax),
});
export const agentBody = z.object({
  online: z.boolean(),
  capacity: wholeNumber(0, SUPPORT_LIMITS.capacityMax),
  /** The name people see on the agent's messages (never the staff username). */
  displayName: z
    .string()
    .trim()
    .min(1)
    .max(SUPPORT_LIMITS.displayNameMax)
    .regex(/^[^\p{Cc}<>]+$/u)
    .optional(),
});
export const agent = z.object({
  staffId: z.number().int(),
  /** The staff username, for staff's own lists. */
  name: z.string(),
  displayName: z.string().nullable(),
  online: z.boolean(),
  capacity: z.number().int(),
  open: z.number().int(),
});
export const agents = z.object({ me: agent, all: z.array(agent) });
export const canned = z.object({ id: z.number().int(), title: z.string(), text: z.string() });
export const cannedList = z.array(canned);
export const saveCannedBody = z.object({
  id: id.optional(),
  title: z.string().trim().min(1).max(SUPPORT_LIMITS.cannedTitleMax),
  text: text.min(1),
  reason: z.string().trim().min(1).max(SUPPORT_LIMITS.reasonMax),
});
export const deleteCannedBody = z.object({
  id,
  reason: z.string().trim().min(1).max(SUPPORT_LIMITS.reasonMax),
});
export const sidebarQuery = z.object({ unmask: z.enum(['0', '1']).default('0') });
const sidebarRow = z.object({
  /** deposit, withdrawal, order or position: what it is. */
  label: z.string(),
  status: z.string(),
  /** Masked (•••) until unmasked. */
  amount: z.string(),
  at: z.string(),
});
export const sidebar = z.object({
  masked: z.boolean(),
  /** Null for a visitor (no account yet). */
  person: z
    .object({
      name: z.string(),
      contact: z.string(),
      kyc: z.string(),
      deposits: z.array(sidebarRow),
      withdrawals: z.array(sidebarRow),
      orders: z.array(sidebarRow),
      positions: z.array(sidebarRow),
    })
    .nullable(),
  visitorContact: z.string().nullable(),
});
export type Sidebar = z.infer<typeof sidebar>;
export const figuresQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });
export const figures = z.object({
  month: z.string(),
  conversations: z.number().int(),
  /** Seconds from the first message to the first answer (median, over the answered ones). */
  firstResponseMedian: z.number().int().nullable(),
  firstResponseP90: z.number().int().nullable(),
  /** Seconds from the first message to resolution (median, over the resolved ones). */
  resolutionMedian: z.number().int().nullable(),
  ratings: z.number().int(),
  ratingAverage: z.string().nullable(),
});
export const okResult = z.object({ ok: z.literal(true) });
