import type { FastifyInstance } from 'fastify';
import type { Staff } from '../../../../contract/admin/schemas.ts';
import { Code } from '../../../../contract/errors.ts';
import { routes } from '../../../../contract/routes.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { registerFileRoute, registerRoute } from '../register-route.ts';
import type { RequestContext } from '../request-context.ts';

function staffOf(ctx: RequestContext): Staff {
  if (ctx.staff === undefined) throw new AppError(Code.unauthorized, null, 401);
  return ctx.staff;
}

/** The back office (/swx/admin): staff sign-in, review queues, users, adjustments, parameters, audit. */
export function adminRoutes(app: FastifyInstance, s: Services, authRateLimit: number): void {
  registerRoute(app, s, routes.staffLogin, async ({ body }, ctx) => s.staff.login(body, ctx.ip), {
    config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
  });
  registerRoute(app, s, routes.staffLogout, async (_input, ctx) => {
    await s.staff.logout(staffOf(ctx), ctx.token ?? '');
    return null;
  });
  registerRoute(app, s, routes.staffMe, async (_input, ctx) => staffOf(ctx));
  registerRoute(app, s, routes.listDepositQueue, async ({ query }) => s.deposits.queue(query));
  registerRoute(app, s, routes.reviewDeposit, async ({ body }, ctx) =>
    s.deposits.review(staffOf(ctx), body),
  );
  registerRoute(app, s, routes.listWithdrawalQueue, async ({ query }) =>
    s.withdrawals.queue(query),
  );
  registerRoute(app, s, routes.reviewWithdrawal, async ({ body }, ctx) =>
    s.withdrawals.review(staffOf(ctx), body),
  );
  registerRoute(app, s, routes.searchUsers, async ({ query }) => s.backOffice.searchUsers(query));
  registerRoute(app, s, routes.getUserLedger, async ({ query }) => s.backOffice.userLedger(query));
  registerRoute(app, s, routes.adjustBalance, async ({ body }, ctx) =>
    s.backOffice.adjust(staffOf(ctx), body),
  );
  registerRoute(app, s, routes.listParams, async () => s.backOffice.listParams());
  registerRoute(app, s, routes.setParam, async ({ body }, ctx) =>
    s.backOffice.setParam(staffOf(ctx), body),
  );
  registerRoute(app, s, routes.listAudit, async ({ query }) =>
    s.audit.list(query.page, query.size),
  );
  registerRoute(app, s, routes.createStaff, async ({ body }, ctx) =>
    s.staff.create(staffOf(ctx), body),
  );
  registerFileRoute(app, s, routes.exportAudit, async () => ({
    type: 'text/csv; charset=utf-8',
    body: await s.audit.csv(),
    filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  }));
  registerFileRoute(app, s, routes.getProof, async ({ params }) => {
    const proof = await s.proofs.read(params.id);
    if (proof === undefined) throw new AppError(Code.notFound, null, 404);
    return { type: proof.mime, body: proof.bytes };
  });
}
