import { Code } from '../../../contract/errors.ts';
import type { SupportState } from '../../../contract/support/schemas.ts';
import { sensitiveKind } from '../../../contract/support/sensitive.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Database, Tx } from '../platform/db/database.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import { replayOf, requestHash } from '../platform/request-replay.ts';
import type { SupportDesk } from './desk.ts';
import { supportAttachmentKind } from './files.ts';
import type { SupportLive } from './live.ts';
import {
  insertMessage,
  keyedMessage,
  latestOf,
  messageFrame,
  ownConversation,
  type ConversationRow,
  type Participant,
} from './rows.ts';
import { agentsOnline, stateOf } from './state.ts';

export interface SupportParams {
  floodMessages(): Promise<number>;
  floodSeconds(): Promise<number>;
  replyHours(): Promise<number>;
}

export interface SendBody {
  key: string;
  conversationId?: number;
  text: string;
  fileId?: string;
}

/**
 * The person's (or visitor's) side of a chat: sending, read marks, typing, rating. A send takes
 * the participant's advisory lock first, so one open conversation and the flood limit hold
 * against overlapping calls; a start then takes the desk's lock to be assigned.
 */
export class SupportChats {
  constructor(
    private readonly db: Database,
    private readonly desk: SupportDesk,
    private readonly live: SupportLive,
    private readonly params: SupportParams,
  ) {}

  state(p: Participant): Promise<SupportState> {
    return stateOf(this.db, p, this.params.replyHours);
  }

  async send(p: Participant, body: SendBody): Promise<SupportState> {
    if (body.text.trim() === '' && body.fileId === undefined) throw new AppError(Code.supportEmpty);
    // Only a signed-in person attaches images: a visitor owns no files.
    if (body.fileId !== undefined && p.kind !== 'person') throw new AppError(Code.notFound);
    const hash = requestHash('real', body);
    const [messages, seconds, hours] = await Promise.all([
      this.params.floodMessages(),
      this.params.floodSeconds(),
      this.params.replyHours(),
    ]);
    await this.desk.atomically(async (tx) => {
      const space = p.kind === 'person' ? LockSpace.supportPeople : LockSpace.supportVisitors;
      await lockPerson(tx, space, p.kind === 'person' ? p.userId : p.visitorId);
      const c = await this.target(tx, p, body.conversationId);
      if (c !== undefined) {
        const made = await keyedMessage(tx, c.id, 'person', body.key);
        if (replayOf(made, hash) !== undefined) return;
      }
      const row = c ?? (await this.start(tx, p, hours));
      await this.checkFlood(tx, row.id, messages, seconds);
      if (body.fileId !== undefined) await this.checkFile(tx, p, body.fileId);
      const message = await insertMessage(tx, row.id, {
        author: 'person',
        body: body.text,
        fileId: body.fileId,
        flagged: sensitiveKind(body.text) !== null,
        key: body.key,
        hash,
      });
      this.live.toBoth(tx, row, messageFrame(row.id, message));
      if (c === undefined) await this.desk.rebalance(tx);
    });
    return this.state(p);
  }

  /** The conversation a send writes to: the one named (the caller's, open), else the open one. */
  private async target(
    tx: Tx,
    p: Participant,
    id: number | undefined,
  ): Promise<ConversationRow | undefined> {
    if (id !== undefined) {
      const row = await ownConversation(tx, p, id);
      if (row.status === 'resolved') throw new AppError(Code.supportClosed);
      return row;
    }
    const latest = await latestOf(tx, p);
    return latest?.status === 'resolved' ? undefined : latest;
  }

  /** A new conversation: waiting when someone is online, else a ticket with its promise. */
  private async start(tx: Tx, p: Participant, hours: number): Promise<ConversationRow> {
    const ticket = (await agentsOnline(tx)) === 0;
    const [made] = await tx.query<{ id: number }>(
      `insert into support_conversations (user_id, visitor_id, status, promised_by)
       values ($1, $2, $3, case when $4 then now() + make_interval(hours => $5) end)
       returning id::int`,
      [
        p.kind === 'person' ? p.userId : null,
        p.kind === 'visitor' ? p.visitorId : null,
        ticket ? 'ticket' : 'waiting',
        ticket,
        hours,
      ],
    );
    assert(made !== undefined, 'a support conversation was not stored');
    this.live.queueChanged(tx, made.id);
    return ownConversation(tx, p, made.id);
  }

  private async checkFlood(tx: Tx, id: number, messages: number, seconds: number): Promise<void> {
    const [recent] = await tx.query<{ n: number }>(
      `select count(*)::int as n from support_messages
        where conversation_id = $1 and author = 'person'
          and created_at > now() - make_interval(secs => $2)`,
      [id, seconds],
    );
    if ((recent?.n ?? 0) >= messages) {
      throw new AppError(Code.supportFlood, { retryAfterSeconds: seconds });
    }
  }

  /** An attachment is the person's own chat image (another's, or another kind, is unknown). */
  private async checkFile(tx: Tx, p: Participant, fileId: string): Promise<void> {
    const rows = await tx.query(
      'select 1 from files where id = $1 and owner_id = $2 and kind = $3',
      [fileId, p.kind === 'person' ? p.userId : 0, supportAttachmentKind.kind],
    );
    if (rows.length !== 1) throw new AppError(Code.notFound);
  }

  /** Moves the person's read mark forward to a message of this conversation. */
  async read(p: Participant, conversationId: number, messageId: number): Promise<void> {
    await this.desk.atomically(async (tx) => {
      const row = await ownConversation(tx, p, conversationId);
      const moved = await tx.query<{ person_read_id: number }>(
        `update support_conversations set person_read_id = $2
          where id = $1 and person_read_id < $2
            and exists (select 1 from support_messages where conversation_id = $1 and id = $2)
          returning person_read_id::int`,
        [conversationId, messageId],
      );
      if (moved.length === 1) {
        this.live.toStaff(tx, row.id, {
          conversationId,
          kind: 'read',
          by: 'person',
          readId: messageId,
        });
      }
    });
  }

  async typing(p: Participant, conversationId: number): Promise<void> {
    const row = await ownConversation(this.db, p, conversationId);
    if (row.status === 'resolved') throw new AppError(Code.supportClosed);
    this.live.now('staff', String(row.id), { conversationId, kind: 'typing', by: 'person' });
  }

  /** Rates a resolved conversation, once. */
  async rate(p: Participant, body: { conversationId: number; rating: number; comment: string }) {
    await this.desk.atomically(async (tx) => {
      await ownConversation(tx, p, body.conversationId);
      const rated = await tx.query(
        `update support_conversations set rating = $2, rating_comment = nullif($3, '')
          where id = $1 and status = 'resolved' and rating is null returning id`,
        [body.conversationId, body.rating, body.comment.trim()],
      );
      if (rated.length !== 1) throw new AppError(Code.supportNotRatable);
      this.live.queueChanged(tx, body.conversationId);
    });
  }
}
