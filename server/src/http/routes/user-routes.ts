import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../contract/errors.ts';
import { routes } from '../../../../contract/routes.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { registerRoute } from '../register-route.ts';

export function userRoutes(app: FastifyInstance, s: Services, authRateLimit: number): void {
  registerRoute(app, s, routes.getUserInfo, async (_input, ctx) => {
    if (!ctx.session) throw new AppError(Code.unauthorized, null, 401);
    return s.accounts.userInfo(ctx.session, ctx.book);
  });
  registerRoute(app, s, routes.listSignIns, async (_input, ctx) => {
    if (!ctx.session) throw new AppError(Code.unauthorized, null, 401);
    return s.identities.list(ctx.session.userId);
  });
  registerRoute(
    app,
    s,
    routes.repassword,
    async ({ body }, ctx) => {
      if (body.mode === 'reset') {
        await s.accounts.resetPassword(body);
        return null;
      }
      if (!ctx.session) throw new AppError(Code.unauthorized, null, 401);
      await s.accounts.changePassword(ctx.session.userId, ctx.session.sessionId, body);
      return null;
    },
    { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } },
  );
}
