import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Database } from '../platform/db/database.ts';
import { RewardsPool } from './pool.ts';
import { Rewards, type RewardsParams } from './rewards.ts';
import { rewardsAdminRoutes, rewardsRoutes } from './routes.ts';
import type { RewardProgress } from './tasks.ts';

export interface RewardsNeeds {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  params: RewardsParams;
  /** What the tasks count: real trades, plan subscriptions, verified identity. */
  progress: RewardProgress;
  now: () => number;
}

export type RewardsModule = Capability & { rewards: Rewards; pool: RewardsPool };

/** Rewards (docs/rewards.md): the daily check-in and task rewards, paid from a funded pool. */
export function rewardsModule(needs: RewardsNeeds): RewardsModule {
  const { db, ledger, audit, params, progress, now } = needs;
  const rewards = new Rewards(db, ledger, params, progress, now);
  const pool = new RewardsPool(db, ledger, audit, now);
  return {
    name: 'rewards',
    rewards,
    pool,
    routes: (r) => {
      rewardsRoutes(r, rewards);
      rewardsAdminRoutes(r, pool);
    },
  };
}
