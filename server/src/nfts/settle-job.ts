import type { Channels } from '../platform/bus/channels.ts';
import type { Queryable } from '../platform/db/database.ts';
import type { PeriodicJob } from '../platform/jobs/jobs.ts';
import { endSale, type SettleDeps } from './settlement.ts';

/** Sales one pass ends at most; the rest wait for the next second. */
const SALES_PER_PASS = 200;

/**
 * Every second: each sale whose end has passed is settled or marked unsold, each in a
 * transaction of its own (one sale's failure holds back no other). A second runner, a retry
 * or a buy-now racing it finds the sale's row locked, then no longer open: one settlement.
 */
export function settleJob(db: Queryable, deps: SettleDeps & { channels: Channels }): PeriodicJob {
  return {
    name: 'nfts.settle',
    schedule: { every: 'interval', ms: 1_000 },
    missed: 'latest',
    async runOutside() {
      const due = await db.query<{ id: number }>(
        `select id from nft_sales where status = 'open' and ends_at <= $1 order by ends_at, id
          limit $2`,
        [new Date(deps.now()), SALES_PER_PASS],
      );
      let ended = 0;
      for (const { id } of due) {
        const frame = await deps.ledger.atomically((tx) => endSale(tx, deps, Number(id)));
        if (frame === null) continue;
        ended += 1;
        deps.channels.publish('nfts.sale', frame);
      }
      return { due: due.length, ended };
    },
  };
}
