import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../contract/errors.ts';
import { routes } from '../../../../contract/routes.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { registerRoute } from '../register-route.ts';

export function loginRoutes(app: FastifyInstance, s: Services, authRateLimit: number): void {
  // Tighter per-address limits on the calls that send messages or check passwords.
  const strict = { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } };
  // It tells whether an account exists: limited like sign-in, so it cannot list who has one.
  registerRoute(
    app,
    s,
    routes.checkUserNameOrPhone,
    async ({ query }) => ({ exists: await s.accounts.exists(query) }),
    strict,
  );
  registerRoute(
    app,
    s,
    routes.sendCode,
    ({ body }, ctx) => s.accounts.sendCode(body, ctx.lang),
    strict,
  );
  registerRoute(app, s, routes.register, ({ body }, ctx) => s.accounts.register(body, ctx), strict);
  registerRoute(app, s, routes.login, ({ body }, ctx) => s.accounts.login(body, ctx), strict);
  registerRoute(app, s, routes.signInOptions, async () => ({
    wallet: s.walletSignIn.options(),
    google: s.oidcSignIn?.options() ?? null,
  }));
  registerRoute(app, s, routes.signInNonce, ({ body }) => s.nonces.issue(body.purpose), strict);
  registerRoute(
    app,
    s,
    routes.loginByDapp,
    ({ body }, ctx) => s.walletSignIn.signIn(body, ctx, ctx.session?.userId),
    strict,
  );
  registerRoute(
    app,
    s,
    routes.loginByGoogle,
    ({ body }, ctx) => {
      if (!s.oidcSignIn) throw new AppError(Code.signInUnavailable);
      return s.oidcSignIn.signIn(body, ctx, ctx.session?.userId);
    },
    strict,
  );
  registerRoute(app, s, routes.logout, async (_input, ctx) => {
    if (!ctx.session) throw new AppError(Code.unauthorized, null, 401);
    await s.sessions.revoke(ctx.session.sessionId);
    return null;
  });
}
