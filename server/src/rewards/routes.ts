import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { RewardsPool } from './pool.ts';
import type { Rewards } from './rewards.ts';

/** The welfare page: check-in and task rewards (SPEC §7 qiandao, lingqu2, lingqu3). */
export function rewardsRoutes(r: Registrar, rewards: Rewards): void {
  r.route(routes.getRewards, async (_input, ctx) => rewards.view(ctx.session.userId));
  r.route(routes.qiandao, async ({ body }, ctx) =>
    rewards.checkIn(ctx.session.userId, body.timeZone),
  );
  r.route(routes.lingqu2, async (_input, ctx) => rewards.claim(ctx.session.userId, 'trade'));
  r.route(routes.lingqu3, async (_input, ctx) => rewards.claim(ctx.session.userId, 'verify'));
}

/** The pool in the back office. */
export function rewardsAdminRoutes(r: Registrar, pool: RewardsPool): void {
  r.route(routes.adminRewardsPool, async () => pool.figures());
  r.route(routes.fundRewardsPool, async ({ body }, ctx) => pool.fund(ctx.staff, body));
}
