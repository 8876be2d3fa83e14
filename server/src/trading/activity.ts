import type { Queryable } from '../platform/db/database.ts';

/**
 * A person's trades in the real book, as other capabilities count them (a reward task): a
 * contract counts once it opened (open or closed, not a limit still waiting or cancelled), an
 * option once bought. The demo book never counts.
 */
export class TradingActivity {
  constructor(private readonly db: Queryable) {}

  async realTrades(userId: number): Promise<{ contracts: number; options: number }> {
    const [row] = await this.db.query<{ contracts: number; options: number }>(
      `select (select count(*)::int from contract_orders
                where user_id = $1 and book = 'real' and status in ('open', 'closed')) as contracts,
              (select count(*)::int from option_orders
                where user_id = $1 and book = 'real') as options`,
      [userId],
    );
    return { contracts: row?.contracts ?? 0, options: row?.options ?? 0 };
  }
}
