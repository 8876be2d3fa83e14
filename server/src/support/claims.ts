import { Code } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { SupportDesk } from './desk.ts';
import type { SupportLive } from './live.ts';
import { conversationRow, latestOf } from './rows.ts';
import type { SupportVisitors } from './visitors.ts';

/**
 * A visitor who signs in keeps their chat: the visitor's token is used up, and their open
 * conversation becomes the person's. When the person already had one open, the visitor's
 * messages join it (in the order they were sent) and the visitor's closes.
 */
export class SupportClaims {
  constructor(
    private readonly desk: SupportDesk,
    private readonly visitors: SupportVisitors,
    private readonly live: SupportLive,
  ) {}

  async claim(userId: number, token: string): Promise<void> {
    const visitor = await this.visitors.resolve(token);
    await this.desk.atomically(async (tx) => {
      await lockPerson(tx, LockSpace.supportPeople, userId);
      await lockPerson(tx, LockSpace.supportVisitors, visitor.visitorId);
      const used = await tx.query(
        'update support_visitors set user_id = $1 where id = $2 and user_id is null returning id',
        [userId, visitor.visitorId],
      );
      if (used.length !== 1) throw new AppError(Code.supportVisitorEnded);
      const theirs = await latestOf(tx, visitor);
      if (theirs === undefined || theirs.status === 'resolved') return;
      const mine = await latestOf(tx, { kind: 'person', userId });
      if (mine === undefined || mine.status === 'resolved') {
        await tx.query(
          'update support_conversations set user_id = $1, visitor_id = null where id = $2',
          [userId, theirs.id],
        );
      } else {
        await tx.query(
          'update support_messages set conversation_id = $1 where conversation_id = $2',
          [mine.id, theirs.id],
        );
        await tx.query(
          `update support_conversations set status = 'resolved', resolved_at = now() where id = $1`,
          [theirs.id],
        );
        await this.desk.rebalance(tx);
      }
      const now = await conversationRow(
        tx,
        mine !== undefined && mine.status !== 'resolved' ? mine.id : theirs.id,
      );
      if (now !== undefined)
        this.live.toStaff(tx, now.id, {
          conversationId: now.id,
          kind: 'status',
          status: now.status,
        });
      this.live.queueChanged(tx, theirs.id);
    });
  }
}
