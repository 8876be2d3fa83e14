import { Code } from '../../../contract/errors.ts';
import { ASSET_SCALE, type Asset } from '../../../contract/funds/schemas.ts';
import type { Tx } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import type { TransferKind } from '../money/transfers.ts';
import { fundsKey } from './transfers.ts';

/** Virtual funds every demo book starts with (docs/funds.md). */
export const DEMO_GRANT = { asset: 'USDT', amount: '10000' } as const satisfies {
  asset: Asset;
  amount: string;
};

/**
 * The demo book: funded from the demo faucet on first use, reset on request. It lives in its
 * own ledger book, so no demo move can touch real money.
 */
export class DemoBook {
  /**
   * Users whose demo book has been granted a generation. Only a reset starts a new one, and it
   * grants it in the same transaction, so a user in here is funded for good: a busy trader's
   * calls cost no read.
   */
  private readonly funded = new Set<number>();

  constructor(private readonly ledger: Ledger) {}

  /** Grants the starting funds of the user's current generation, once. */
  async ensureFunded(userId: number): Promise<void> {
    if (this.funded.has(userId)) return;
    // The generation is read under a share lock: a concurrent reset (which locks the row for
    // update) either commits first, and this grant replays the one it made, or waits and
    // returns this grant to the faucet.
    const granted = await this.ledger.atomically(async (tx) => {
      const [locked] = await tx.query<{ demo_generation: number }>(
        'select demo_generation from users where id = $1 for share',
        [userId],
      );
      if (locked === undefined) return false;
      await this.grant(tx, userId, locked.demo_generation);
      return true;
    });
    if (!granted) return;
    if (this.funded.size > 100_000) this.funded.clear();
    this.funded.add(userId);
  }

  private grant(tx: Tx, userId: number, generation: number) {
    return this.ledger.post(tx, {
      key: fundsKey.demoGrant(userId, generation),
      asset: DEMO_GRANT.asset,
      book: 'demo',
      legs: [
        {
          from: { platform: 'demo_faucet' },
          to: { user: userId, purpose: 'available' },
          amount: toUnits(DEMO_GRANT.amount, ASSET_SCALE[DEMO_GRANT.asset]),
          kind: 'demo_grant' satisfies TransferKind,
        },
      ],
    });
  }

  /**
   * Returns every demo coin to the faucet and grants the starting funds again, in one
   * transaction. Refused while demo funds are held (an open order or bid decides them).
   */
  async reset(userId: number): Promise<void> {
    await this.ledger.atomically(async (tx) => {
      const [user] = await tx.query<{ demo_generation: number }>(
        'select demo_generation from users where id = $1 for no key update',
        [userId],
      );
      if (user === undefined) throw new AppError(Code.noMatchingUser);
      const [open] = await tx.query(
        `select 1 from ledger_holds h join ledger_accounts a on a.id = h.account_id
          where a.user_id = $1 and a.book = 'demo' and h.status = 'open' limit 1`,
        [userId],
      );
      if (open !== undefined) throw new AppError(Code.demoResetBlocked);
      const generation = user.demo_generation;
      const accounts = await tx.query<{ asset: Asset; balance: string }>(
        `select asset, balance::text from ledger_accounts
          where user_id = $1 and book = 'demo' and purpose = 'available' and balance > 0`,
        [userId],
      );
      for (const a of accounts) {
        await this.ledger.post(tx, {
          key: fundsKey.demoReset(userId, generation, a.asset),
          asset: a.asset,
          book: 'demo',
          legs: [
            {
              from: { user: userId, purpose: 'available' },
              to: { platform: 'demo_faucet' },
              amount: toUnits(a.balance, ASSET_SCALE[a.asset]),
              kind: 'demo_reset' satisfies TransferKind,
            },
          ],
        });
      }
      await tx.query('update users set demo_generation = $2 where id = $1', [
        userId,
        generation + 1,
      ]);
      await this.grant(tx, userId, generation + 1);
    });
  }
}
