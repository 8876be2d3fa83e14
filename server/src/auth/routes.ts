import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { AppError } from '../errors.ts';
import type { Registrar } from '../http/register-route.ts';
import type { AuthServices } from './services.ts';

/** Account, password and sign-in calls (SPEC §7 login and user paths). */
export function authRoutes(r: Registrar, s: AuthServices, authRateLimit: number): void {
  // Tighter per-address limits on the calls that send messages or check passwords.
  const strict = { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } };
  // It tells whether an account exists: limited like sign-in, so it cannot list who has one.
  r.route(
    routes.checkUserNameOrPhone,
    async ({ query }) => ({ exists: await s.accounts.exists(query) }),
    strict,
  );
  r.route(routes.sendCode, ({ body }, ctx) => s.accounts.sendCode(body, ctx.lang), strict);
  r.route(routes.register, ({ body }, ctx) => s.accounts.register(body, ctx), strict);
  r.route(routes.login, ({ body }, ctx) => s.accounts.login(body, ctx), strict);
  r.route(routes.signInOptions, async () => ({
    wallet: s.walletSignIn.options(),
    google: s.oidcSignIn?.options() ?? null,
  }));
  r.route(routes.signInNonce, ({ body }) => s.nonces.issue(body.purpose), strict);
  r.route(
    routes.loginByDapp,
    ({ body }, ctx) => s.walletSignIn.signIn(body, ctx, ctx.session?.userId),
    strict,
  );
  r.route(
    routes.loginByGoogle,
    ({ body }, ctx) => {
      if (!s.oidcSignIn) throw new AppError(Code.signInUnavailable);
      return s.oidcSignIn.signIn(body, ctx, ctx.session?.userId);
    },
    strict,
  );
  r.route(routes.logout, async (_input, ctx) => {
    await s.sessions.revoke(ctx.session.sessionId);
    return null;
  });
  r.route(routes.getUserInfo, async (_input, ctx) => s.accounts.userInfo(ctx.session, ctx.book));
  r.route(routes.listSignIns, async (_input, ctx) => s.identities.list(ctx.session.userId));
  r.route(
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
    strict,
  );
}
