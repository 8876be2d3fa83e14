import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Invites } from './invites.ts';

/** Invite friends: the code, the friends, the statement, a late code. */
export function invitesRoutes(r: Registrar, invites: Invites): void {
  r.route(routes.getInvites, async ({ query }, ctx) => invites.view(ctx.session.userId, query));
  r.route(routes.listReferralRewards, async ({ query }, ctx) =>
    invites.statement(ctx.session.userId, query),
  );
  r.route(routes.bindInvite, async ({ body }, ctx) => invites.bind(ctx.session.userId, body.code));
}
