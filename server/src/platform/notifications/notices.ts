import {
  MANDATORY_KINDS,
  notice as noticeSchema,
  type Notice,
} from '../../../../contract/notifications/schemas.ts';
import type { Channels } from '../bus/channels.ts';
import { onCommit, type Tx } from '../db/database.ts';

/**
 * Raises a person's notices (the notification centre's kernel, docs/notifications.md): a
 * capability calls `raise` inside the transaction of the change it tells of, so the notice
 * exists exactly when the change does. Once that transaction commits, the person's sockets on
 * every node are nudged over the bus (`user.events`, topic `notifications`) and the app reads
 * the notice through the API.
 */
export class Notices {
  /** Notices not written because they broke their schema (a bug, logged), since the start. */
  dropped = 0;

  constructor(
    private readonly channels: Channels,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Writes `notice` for `userId` unless they switched its kind off (money-critical kinds are
   * always written). Never fails the transaction for the notice's sake: a close or a payout
   * must not be refused because its message could not be written.
   */
  async raise(tx: Tx, userId: number, notice: Notice): Promise<void> {
    const parsed = noticeSchema.safeParse(notice);
    if (!parsed.success) {
      this.dropped += 1;
      console.error(`notice ${notice.kind} for user ${userId} broke its schema`, parsed.error);
      return;
    }
    const mandatory = MANDATORY_KINDS.includes(notice.kind);
    const [row] = await tx.query<{ id: number }>(
      `insert into notifications (user_id, kind, body)
       select $1, $2, $3
        where $4 or not exists (
          select 1 from notice_settings s where s.user_id = $1 and s.kind = $2 and not s.enabled)
       returning id`,
      [userId, notice.kind, JSON.stringify(parsed.data), mandatory],
    );
    if (row === undefined) return;
    this.nudgeAfter(tx, userId, String(row.id));
  }

  /**
   * `raise` for many people in one statement (a daily job telling 100,000 people of their
   * yield). Each is nudged once the transaction commits.
   */
  async raiseMany(tx: Tx, items: readonly { userId: number; notice: Notice }[]): Promise<void> {
    const users: number[] = [];
    const kinds: string[] = [];
    const bodies: string[] = [];
    const mandatory: boolean[] = [];
    for (const { userId, notice } of items) {
      const parsed = noticeSchema.safeParse(notice);
      if (!parsed.success) {
        this.dropped += 1;
        console.error(`notice ${notice.kind} for user ${userId} broke its schema`, parsed.error);
        continue;
      }
      users.push(userId);
      kinds.push(notice.kind);
      bodies.push(JSON.stringify(parsed.data));
      mandatory.push(MANDATORY_KINDS.includes(notice.kind));
    }
    if (users.length === 0) return;
    const rows = await tx.query<{ id: number; user_id: number }>(
      `insert into notifications (user_id, kind, body)
       select n.user_id, n.kind, n.body::jsonb
         from unnest($1::bigint[], $2::text[], $3::text[], $4::boolean[])
           as n(user_id, kind, body, mandatory)
        where n.mandatory or not exists (
          select 1 from notice_settings s
           where s.user_id = n.user_id and s.kind = n.kind and not s.enabled)
       returning id, user_id`,
      [users, kinds, bodies, mandatory],
    );
    // One commit hook for all of them (a transaction's hooks are bounded).
    onCommit(tx, () => {
      for (const r of rows) this.nudge(Number(r.user_id), String(r.id));
    });
  }

  private nudgeAfter(tx: Tx, userId: number, id: string): void {
    onCommit(tx, () => this.nudge(userId, id));
  }

  private nudge(userId: number, id: string): void {
    this.channels.publish('user.events', {
      userId,
      event: { topic: 'notifications', id, at: this.now() },
    });
  }
}
