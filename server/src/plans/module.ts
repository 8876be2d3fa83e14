import type { Capability } from '../http/capability.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Database } from '../platform/db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { planYieldJob } from './daily.ts';
import { Plans } from './plans.ts';
import { PlanProducts } from './products.ts';
import { plansAdminRoutes, plansRoutes } from './routes.ts';

export interface PlansNeeds {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  notices: Notices;
  /** The zone whose calendar days the yield is paid by. */
  timeZone: string;
  now: () => number;
}

export type PlansModule = Capability & { plans: Plans; products: PlanProducts };

/** Smart plans (docs/plans.md): products, reserves, subscriptions, the daily yield. */
export function plansModule(needs: PlansNeeds): PlansModule {
  const { db, ledger, audit, notices, timeZone, now } = needs;
  const products = new PlanProducts(db, ledger, audit, timeZone, now);
  const plans = new Plans(db, ledger, products, timeZone, now);
  return {
    name: 'plans',
    plans,
    products,
    routes: (r) => {
      plansRoutes(r, plans, products);
      plansAdminRoutes(r, products);
    },
    jobs: [planYieldJob(ledger, notices, timeZone)],
  };
}
