import type { Conversation, SupportState } from '../../../contract/support/schemas.ts';
import type { Queryable } from '../platform/db/database.ts';
import { latestOf, messagesOf, type ConversationRow, type Participant } from './rows.ts';

/** Agents taking conversations now. */
export async function agentsOnline(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from support_agents a join staff s on s.id = a.staff_id
      where a.online and s.status = 'active' and s.role in ('admin', 'support')`,
  );
  return row?.n ?? 0;
}

/**
 * A waiting conversation's place in the queue, and the wait the last hour's pace suggests:
 * those ahead of it (and it) at the rate conversations were assigned in the last hour; none
 * assigned in that hour, no estimate.
 */
async function queueOf(q: Queryable, c: ConversationRow): Promise<Conversation['queue']> {
  if (c.status !== 'waiting' && c.status !== 'ticket') return null;
  const [row] = await q.query<{ ahead: number; assigned: number }>(
    `select (select count(*)::int from support_conversations
              where status in ('waiting', 'ticket') and (created_at, id) < ($1, $2)) as ahead,
            (select count(*)::int from support_conversations
              where assigned_at > now() - interval '1 hour') as assigned`,
    [c.created_at, c.id],
  );
  const position = (row?.ahead ?? 0) + 1;
  const assigned = row?.assigned ?? 0;
  return {
    position,
    expectedWaitSeconds: assigned === 0 ? null : Math.ceil((position * 3600) / assigned),
  };
}

/** A conversation as its two sides see it (`internal`: with staff's notes). */
export async function conversationView(
  q: Queryable,
  c: ConversationRow,
  internal: boolean,
): Promise<Conversation> {
  return {
    id: c.id,
    status: c.status,
    createdAt: new Date(c.created_at).toISOString(),
    agent: c.agent_name,
    queue: await queueOf(q, c),
    promisedBy: c.promised_by === null ? null : new Date(c.promised_by).toISOString(),
    personReadId: c.person_read_id,
    agentReadId: c.agent_read_id,
    rating: c.rating,
    ratingComment: c.rating_comment,
    messages: await messagesOf(q, c.id, internal),
  };
}

/** The participant's chat: the open conversation, or the last one while it awaits a rating. */
export async function stateOf(
  q: Queryable,
  p: Participant,
  replyHours: () => Promise<number>,
): Promise<SupportState> {
  const latest = await latestOf(q, p);
  const shown = latest !== undefined && (latest.status !== 'resolved' || latest.rating === null);
  return {
    conversation: shown ? await conversationView(q, latest, false) : null,
    agentsOnline: await agentsOnline(q),
    replyHours: await replyHours(),
  };
}
