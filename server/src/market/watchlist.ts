import { Code } from '../../../contract/errors.ts';
import type { Database } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import type { MarketService } from './market-service.ts';
import type { InstrumentState } from './market-state.ts';

/** Most markets one person can watch. */
export const WATCHLIST_MAX = 200;

/** The markets a signed-in person follows, in the order they added them. */
export class Watchlist {
  constructor(
    private readonly db: Database,
    private readonly market: MarketService,
  ) {}

  async list(userId: number): Promise<InstrumentState[]> {
    const rows = await this.db.query<{ instrument_id: number }>(
      'select instrument_id from watchlist where user_id = $1 order by created_at, instrument_id',
      [userId],
    );
    return rows.flatMap((r) => this.market.byInstrumentId(r.instrument_id) ?? []);
  }

  async add(userId: number, code: string): Promise<void> {
    const state = this.instrument(code);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ n: number }>(
        'select count(*)::int as n from watchlist where user_id = $1',
        [userId],
      );
      if ((row?.n ?? 0) >= WATCHLIST_MAX) throw new AppError(Code.watchlistFull);
      await tx.query(
        `insert into watchlist (user_id, instrument_id) values ($1, $2)
         on conflict (user_id, instrument_id) do nothing`,
        [userId, state.row.id],
      );
    });
  }

  async remove(userId: number, code: string): Promise<void> {
    const state = this.instrument(code);
    await this.db.query('delete from watchlist where user_id = $1 and instrument_id = $2', [
      userId,
      state.row.id,
    ]);
  }

  private instrument(code: string): InstrumentState {
    const state = this.market.byInstrumentCode(code);
    if (state === undefined) throw new AppError(Code.instrumentNotFound, { field: 'code' });
    return state;
  }
}
