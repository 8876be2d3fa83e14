import type { z } from 'zod';
import type * as admin from '../../../contract/admin/schemas.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import type { AssetBalance } from '../../../contract/funds/schemas.ts';
import type { Queryable } from '../platform/db/database.ts';
import { unitsOf } from '../money/amounts.ts';
import type { Balances } from './balances.ts';
import { withLedgerCodes } from './ledger-errors.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { TransferKind } from '../money/transfers.ts';
import { fundsKey } from './transfers.ts';

interface UserSummaryRow {
  id: number;
  username: string;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  status: 'active' | 'disabled';
  created_at: Date;
}

function toSummary(r: UserSummaryRow): z.infer<typeof admin.userSummary> {
  return {
    id: Number(r.id),
    username: r.username,
    email: r.email,
    phone: r.phone === null ? null : `${r.area_code ?? ''} ${r.phone}`.trim(),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const USER_SUMMARY = 'id, username, email, area_code, phone, status, created_at';

/** User look-up, a user's ledger, manual adjustments and parameters, for staff. */
export class BackOffice {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly balances: Balances,
    private readonly audit: AuditLog,
  ) {}

  async searchUsers(q: { q: string; page: number; size: number }) {
    const id = /^\d{1,15}$/.test(q.q) ? Number(q.q) : null;
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `($1::bigint is not null and id = $1) or lower(username) like $2
      or lower(coalesce(email, '')) like $2 or coalesce(phone, '') like $2`;
    const rows = await this.db.query<UserSummaryRow>(
      `select ${USER_SUMMARY} from users where ${where} order by id desc limit $3 offset $4`,
      [id, like, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from users where ${where}`,
      [id, like],
    );
    return { list: rows.map(toSummary), total: count?.n ?? 0 };
  }

  async userLedger(q: { userId: number; book: Book; page: number; size: number }) {
    const [user] = await this.db.query<UserSummaryRow>(
      `select ${USER_SUMMARY} from users where id = $1`,
      [q.userId],
    );
    if (user === undefined) throw new AppError(Code.noMatchingUser, { field: 'userId' });
    const [balances, movements] = await Promise.all([
      this.balances.of(q.userId, q.book),
      this.balances.transactions(q.userId, q.book, q),
    ]);
    return { user: toSummary(user), balances: balances.assets, ...movements };
  }

  /**
   * A manual correction: a journaled transfer between the user and the house account, with
   * the staff member, reason and balances before and after in the audit log, all in one
   * transaction. A debit cannot take a balance below zero.
   */
  async adjust(staff: Staff, body: z.output<typeof admin.adjustBody>): Promise<AssetBalance> {
    const amount = unitsOf(body.amount, body.asset);
    const before = await this.balanceOf(body.userId, body);
    await withLedgerCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [user] = await tx.query('select 1 from users where id = $1', [body.userId]);
        if (user === undefined) throw new AppError(Code.noMatchingUser, { field: 'userId' });
        const userSide = { user: body.userId, purpose: 'available' } as const;
        const house = { platform: 'house' } as const;
        const outcome = await this.ledger.post(tx, {
          key: fundsKey.adjustment(staff.id, body.key),
          asset: body.asset,
          book: body.book,
          legs: [
            {
              from: body.direction === 'credit' ? house : userSide,
              to: body.direction === 'credit' ? userSide : house,
              amount,
              kind: `adjust_${body.direction}` satisfies TransferKind,
              reference: `staff:${staff.id}`,
            },
          ],
        });
        if (outcome.replayed) return;
        await this.audit.append(tx, staff, {
          action: `balance.${body.direction}`,
          target: `user:${body.userId}`,
          before: { asset: body.asset, book: body.book, available: before.available },
          after: { asset: body.asset, book: body.book, amount: body.amount },
          reason: body.reason,
        });
      }),
    );
    return this.balanceOf(body.userId, body);
  }

  private async balanceOf(userId: number, b: { asset: string; book: Book }): Promise<AssetBalance> {
    const all = await this.balances.of(userId, b.book);
    const one = all.assets.find((a) => a.asset === b.asset);
    if (one === undefined) throw new AppError(Code.assetWrong, { field: 'asset' });
    return one;
  }
}
