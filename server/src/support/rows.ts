import type { SupportFrame } from '../../../contract/support/frames.ts';
import {
  SUPPORT_LIMITS,
  type ConversationStatus,
  type SupportMessage,
} from '../../../contract/support/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { Code } from '../../../contract/errors.ts';
import type { Queryable } from '../platform/db/database.ts';

/** Who is on the person's side of a conversation: a signed-in person or a visitor. */
export type Participant =
  { kind: 'person'; userId: number } | { kind: 'visitor'; visitorId: number; channel: string };

export interface ConversationRow {
  id: number;
  user_id: number | null;
  visitor_id: number | null;
  status: ConversationStatus;
  agent_id: number | null;
  agent_name: string | null;
  created_at: Date;
  promised_by: Date | null;
  person_read_id: number;
  agent_read_id: number;
  rating: number | null;
  rating_comment: string | null;
  /** The visitor's live channel, for a visitor's conversation. */
  channel: string | null;
}

interface MessageRow {
  id: number;
  author: SupportMessage['author'];
  agent_name: string | null;
  body: string;
  file_id: string | null;
  internal: boolean;
  flagged: boolean;
  event: SupportMessage['event'];
  created_at: Date;
  request_key: string | null;
  body_hash: string | null;
}

const CONVERSATION = `select c.id::int, c.user_id::int, c.visitor_id::int, c.status,
    c.agent_id::int, a.display_name as agent_name, c.created_at, c.promised_by,
    c.person_read_id::int, c.agent_read_id::int, c.rating, c.rating_comment, v.channel
  from support_conversations c
  left join support_agents a on a.staff_id = c.agent_id
  left join support_visitors v on v.id = c.visitor_id`;

/** The conversation's row; `forUpdate` locks it (after any advisory lock, docs/support.md). */
export async function conversationRow(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<ConversationRow | undefined> {
  if (forUpdate)
    await q.query('select 1 from support_conversations where id = $1 for update', [id]);
  const [row] = await q.query<ConversationRow>(`${CONVERSATION} where c.id = $1`, [id]);
  return row;
}

/** The participant's open conversation, else their newest (a resolved one to rate). */
export async function latestOf(q: Queryable, p: Participant): Promise<ConversationRow | undefined> {
  const [row] = await q.query<ConversationRow>(
    `${CONVERSATION} where ${ownerClause(p, 1)}
      order by (c.status <> 'resolved') desc, c.id desc limit 1`,
    [ownerId(p)],
  );
  return row;
}

export function ownerClause(p: Participant, param: number): string {
  return p.kind === 'person' ? `c.user_id = $${param}` : `c.visitor_id = $${param}`;
}
export const ownerId = (p: Participant) => (p.kind === 'person' ? p.userId : p.visitorId);

export function owns(p: Participant, row: ConversationRow): boolean {
  return p.kind === 'person' ? row.user_id === p.userId : row.visitor_id === p.visitorId;
}

/** The conversation, when the participant's; another's (or none) answers 10101, as unknown. */
export async function ownConversation(
  q: Queryable,
  p: Participant,
  id: number,
  forUpdate = false,
): Promise<ConversationRow> {
  const row = await conversationRow(q, id, forUpdate);
  if (row === undefined || !owns(p, row)) throw new AppError(Code.notFound);
  return row;
}

/** The newest messages, oldest first; staff's notes only when `internal`. */
export async function messagesOf(
  q: Queryable,
  conversationId: number,
  internal: boolean,
): Promise<SupportMessage[]> {
  const rows = await q.query<MessageRow>(
    `select m.id::int, m.author, a.display_name as agent_name, m.body, m.file_id, m.internal,
            m.flagged, m.event, m.created_at, m.request_key, m.body_hash
       from support_messages m left join support_agents a on a.staff_id = m.staff_id
      where m.conversation_id = $1 and ($2 or not m.internal)
      order by m.id desc limit $3`,
    [conversationId, internal, SUPPORT_LIMITS.historyMax],
  );
  return rows.reverse().map(messageView);
}

export function messageView(r: MessageRow): SupportMessage {
  return {
    id: Number(r.id),
    author: r.author,
    // The agent's display name (null: none set, read as "Support"), never their username. A
    // system line names the agent it is about (assigned, transferred) in its text.
    agent: r.author === 'agent' ? r.agent_name : null,
    text: r.body,
    fileId: r.file_id,
    internal: r.internal,
    flagged: r.flagged,
    event: r.event,
    at: new Date(r.created_at).toISOString(),
  };
}

export interface NewMessage {
  author: SupportMessage['author'];
  staffId?: number;
  body: string;
  fileId?: string;
  internal?: boolean;
  flagged?: boolean;
  event?: SupportMessage['event'];
  key?: string;
  hash?: string;
}

/** Stores a message and moves the conversation's last activity; answers it as sent. */
export async function insertMessage(
  q: Queryable,
  conversationId: number,
  m: NewMessage,
): Promise<SupportMessage> {
  const [row] = await q.query<MessageRow>(
    `with m as (
       insert into support_messages (conversation_id, author, staff_id, body, file_id, internal,
                                     flagged, event, request_key, body_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning *)
     select m.id::int, m.author, a.display_name as agent_name, m.body, m.file_id, m.internal,
            m.flagged, m.event, m.created_at, m.request_key, m.body_hash
       from m left join support_agents a on a.staff_id = m.staff_id`,
    [
      conversationId,
      m.author,
      m.staffId ?? null,
      m.body,
      m.fileId ?? null,
      m.internal ?? false,
      m.flagged ?? false,
      m.event ?? null,
      m.key ?? null,
      m.hash ?? null,
    ],
  );
  assert(row !== undefined, 'a support message was not stored');
  await q.query('update support_conversations set last_message_at = now() where id = $1', [
    conversationId,
  ]);
  return messageView(row);
}

/** The message a side's request key made in the conversation, with the hash it stored. */
export async function keyedMessage(
  q: Queryable,
  conversationId: number,
  author: 'person' | 'agent',
  key: string,
): Promise<(SupportMessage & { body_hash: string | null }) | undefined> {
  const [row] = await q.query<MessageRow>(
    `select m.id::int, m.author, a.display_name as agent_name, m.body, m.file_id, m.internal,
            m.flagged, m.event, m.created_at, m.request_key, m.body_hash
       from support_messages m left join support_agents a on a.staff_id = m.staff_id
      where m.conversation_id = $1 and m.author = $2 and m.request_key = $3`,
    [conversationId, author, key],
  );
  return row === undefined ? undefined : { ...messageView(row), body_hash: row.body_hash };
}

/** A message as the live frame carries it. */
export function messageFrame(conversationId: number, message: SupportMessage): SupportFrame {
  return { conversationId, kind: 'message', message };
}
