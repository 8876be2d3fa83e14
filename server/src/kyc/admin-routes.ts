import { routes } from '../../../contract/routes.ts';
import type { Database } from '../platform/db/database.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Kyc } from './kyc.ts';
import { queueOf } from './queue.ts';

/** The identity review queue in the back office (reviewer and admin). */
export function kycAdminRoutes(r: Registrar, kyc: Kyc, db: Database): void {
  r.route(routes.listKycQueue, async ({ query }) => ({
    ...(await queueOf(db, query)),
    waits: await kyc.waits(),
  }));
  r.route(routes.claimKyc, async ({ body }, ctx) => kyc.claim(ctx.staff, body.id));
  r.route(routes.reviewKyc, async ({ body }, ctx) => kyc.review(ctx.staff, body));
}
