import type { Staff } from '../../../contract/admin/schemas.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { Code } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { LedgerError, type Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Queryable } from '../platform/db/database.ts';
import { REWARDS_POOL, rewardsKey } from './transfers.ts';

const DAY_MS = 86_400_000;
const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));

/** The rewards pool in the back office: its figures from the ledger, and its funding. */
export class RewardsPool {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  async figures(q: Queryable = this.db) {
    const now = this.now();
    const [paid] = await q.query<{ d7: string; d30: string }>(
      `select coalesce(sum(amount) filter (where created_at > $1), 0)::text as d7,
              coalesce(sum(amount), 0)::text as d30
         from ledger_transfers where kind in ('reward_checkin', 'reward_task') and created_at > $2`,
      [new Date(now - 7 * DAY_MS), new Date(now - 30 * DAY_MS)],
    );
    const [counts] = await q.query<{ today: number; claims: number }>(
      `select (select count(*)::int from checkins where created_at > $1) as today,
              (select count(*)::int from reward_claims) as claims`,
      [new Date(now - DAY_MS)],
    );
    return {
      balance: usdt(await this.ledger.platformBalance(q, REWARDS_POOL, 'USDT', 'real')),
      paid7d: trimDecimal(paid?.d7 ?? '0'),
      paid30d: trimDecimal(paid?.d30 ?? '0'),
      checkinsToday: counts?.today ?? 0,
      claims: counts?.claims ?? 0,
    };
  }

  /**
   * Moves the operator's money into the pool (once per form key), with a reason. The key sent
   * again with another amount is the caller's mistake (10134), as in every money call.
   */
  async fund(staff: Staff, body: { key: string; amount: string; reason: string }) {
    return this.ledger.atomically(async (tx) => {
      const { replayed } = await this.ledger
        .post(tx, {
          key: rewardsKey.funding(staff.id, body.key),
          asset: 'USDT',
          book: 'real',
          legs: [
            {
              from: { platform: 'operator_capital' },
              to: { platform: REWARDS_POOL },
              amount: toUnits(body.amount, USDT_SCALE),
              kind: 'reward_pool_funding',
              reference: 'rewards:pool',
            },
          ],
        })
        .catch((err: unknown) => {
          if (err instanceof LedgerError && err.reason === 'idempotency_conflict') {
            throw new AppError(Code.requestKeyReused);
          }
          throw err;
        });
      if (!replayed) {
        await this.audit.append(tx, staff, {
          action: 'rewards.pool.fund',
          target: 'rewards:pool',
          after: { amount: body.amount },
          reason: body.reason,
        });
      }
      return this.figures(tx);
    });
  }
}
