import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { QUEUES, StaffConversation } from '../../../contract/support/schemas.ts';
import { sensitiveKind } from '../../../contract/support/sensitive.ts';
import { AppError } from '../errors.ts';
import type { Database, Queryable, Tx } from '../platform/db/database.ts';
import { maskName } from '../platform/mask.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { replayOf, requestHash } from '../platform/request-replay.ts';
import type { SupportDesk } from './desk.ts';
import type { SupportLive } from './live.ts';
import {
  conversationRow,
  insertMessage,
  keyedMessage,
  messageFrame,
  type ConversationRow,
} from './rows.ts';
import { conversationView } from './state.ts';

interface ListRow {
  id: number;
  status: StaffConversation['status'];
  username: string | null;
  email: string | null;
  agent_name: string | null;
  created_at: Date;
  last_message_at: Date;
  last_text: string | null;
  unread: number;
}

/** Who is on the person's side, masked: a person's username, a visitor's address. */
async function whoOf(q: Queryable, c: ConversationRow): Promise<string> {
  const [row] = await q.query<{ name: string }>(
    c.user_id !== null
      ? 'select username as name from users where id = $1'
      : 'select email as name from support_visitors where id = $1',
    [c.user_id ?? c.visitor_id],
  );
  return maskName(row?.name ?? '');
}

/** Staff's side of the chats: the queues, a conversation with its notes, answers, read marks. */
export class StaffChats {
  constructor(
    private readonly db: Database,
    private readonly desk: SupportDesk,
    private readonly live: SupportLive,
    private readonly notices: Notices,
  ) {}

  async list(
    staff: Staff,
    q: {
      queue: (typeof QUEUES)[number];
      status?: StaffConversation['status'];
      page: number;
      size: number;
    },
  ) {
    const rows = await this.db.query<ListRow & { total: number }>(
      `select c.id::int, c.status, u.username, v.email, s.username as agent_name, c.created_at,
              c.last_message_at, count(*) over ()::int as total,
              (select m.body from support_messages m where m.conversation_id = c.id
                  and not m.internal and m.author <> 'system' order by m.id desc limit 1) as last_text,
              (select count(*)::int from support_messages m where m.conversation_id = c.id
                  and m.author = 'person' and m.id > c.agent_read_id) as unread
         from support_conversations c
         left join users u on u.id = c.user_id
         left join support_visitors v on v.id = c.visitor_id
         left join staff s on s.id = c.agent_id
        where ($5::text <> 'unassigned' or c.status in ('waiting', 'ticket'))
          and ($5::text <> 'mine' or c.agent_id = $1)
          and ($2::text is null or c.status = $2)
        order by (c.status = 'resolved'), c.last_message_at desc, c.id desc
        limit $3 offset $4`,
      [staff.id, q.status ?? null, q.size, (q.page - 1) * q.size, q.queue],
    );
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) => ({
        id: r.id,
        status: r.status,
        who: maskName(r.username ?? r.email ?? ''),
        visitor: r.username === null,
        agent: r.agent_name,
        createdAt: new Date(r.created_at).toISOString(),
        lastMessageAt: new Date(r.last_message_at).toISOString(),
        lastText: r.last_text ?? '',
        unread: r.unread,
      })),
    };
  }

  async get(id: number, q: Queryable = this.db): Promise<StaffConversation> {
    const c = await conversationRow(q, id);
    if (c === undefined) throw new AppError(Code.notFound);
    return {
      ...(await conversationView(q, c, true)),
      who: await whoOf(q, c),
      visitor: c.visitor_id !== null,
      userId: c.user_id,
      agentId: c.agent_id,
    };
  }

  /**
   * An answer (or an internal note) in a conversation. Answers are the assigned agent's (or an
   * admin's); any support staff may add a note. The first answer after the person wrote tells
   * a signed-in person in the notification centre.
   */
  async reply(
    staff: Staff,
    body: { key: string; conversationId: number; text: string; internal: boolean },
  ) {
    const hash = requestHash('real', body);
    await this.desk.atomically(async (tx) => {
      const c = await conversationRow(tx, body.conversationId, true);
      if (c === undefined) throw new AppError(Code.notFound);
      const made = await keyedMessage(tx, c.id, 'agent', body.key);
      if (replayOf(made, hash) !== undefined) return;
      if (c.status === 'resolved') throw new AppError(Code.supportClosed);
      if (!body.internal && c.agent_id !== staff.id && staff.role !== 'admin') {
        throw new AppError(Code.staffForbidden);
      }
      const asked = body.internal ? false : await this.awaitsAnswer(tx, c.id);
      const message = await insertMessage(tx, c.id, {
        author: 'agent',
        staffId: staff.id,
        body: body.text,
        internal: body.internal,
        flagged: sensitiveKind(body.text) !== null,
        key: body.key,
        hash,
      });
      await tx.query(
        `update support_conversations
            set agent_read_id = greatest(agent_read_id, $2),
                first_response_at = case when $3 then coalesce(first_response_at, now())
                                         else first_response_at end
          where id = $1`,
        [c.id, message.id, !body.internal],
      );
      this.live.toBoth(tx, c, messageFrame(c.id, message));
      if (asked && c.user_id !== null) {
        await this.notices.raise(tx, c.user_id, { kind: 'support.answered', conversationId: c.id });
      }
    });
    return this.get(body.conversationId);
  }

  /** Whether the last message the person can see is theirs (this answer answers it). */
  private async awaitsAnswer(tx: Tx, id: number): Promise<boolean> {
    const [last] = await tx.query<{ author: string }>(
      `select author from support_messages where conversation_id = $1 and not internal
          and author <> 'system' order by id desc limit 1`,
      [id],
    );
    return last?.author === 'person';
  }

  async read(conversationId: number, messageId: number): Promise<void> {
    await this.desk.atomically(async (tx) => {
      const c = await conversationRow(tx, conversationId);
      if (c === undefined) throw new AppError(Code.notFound);
      const moved = await tx.query(
        `update support_conversations set agent_read_id = $2
          where id = $1 and agent_read_id < $2
            and exists (select 1 from support_messages where conversation_id = $1 and id = $2)
          returning id`,
        [conversationId, messageId],
      );
      if (moved.length === 1) {
        this.live.toPerson(tx, c, { conversationId, kind: 'read', by: 'agent', readId: messageId });
      }
    });
  }

  async typing(conversationId: number): Promise<void> {
    const c = await conversationRow(this.db, conversationId);
    if (c === undefined) throw new AppError(Code.notFound);
    if (c.status === 'resolved') throw new AppError(Code.supportClosed);
    const frame = { conversationId, kind: 'typing' as const, by: 'agent' as const };
    if (c.user_id !== null) this.live.now('person', String(c.user_id), frame);
    else this.live.now('visitor', c.channel ?? '', frame);
  }
}
