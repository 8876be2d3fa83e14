import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { LoginResult } from '../../../contract/auth/schemas.ts';
import type { SecondFactors } from './second-factors.ts';

/** Who signs in: the session keeps its address and browser. */
export interface Client {
  ip: string;
  userAgent: string;
}

/** The security calls (contract/security/routes.ts). */
export function securityRoutes(
  r: Registrar,
  factors: SecondFactors,
  signIn: (userId: number, client: Client) => Promise<LoginResult>,
  authRateLimit: number,
): void {
  // Codes are guessed like passwords: the per-address limit of the sign-in calls as well.
  const strict = { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } };
  r.route(routes.getSecurity, (_input, ctx) => factors.status(ctx.session.userId));
  r.route(
    routes.beginTotp,
    ({ body }, ctx) =>
      factors.beginTotp(ctx.session.userId, ctx.session.user.username, body.password),
    strict,
  );
  r.route(
    routes.confirmTotp,
    async ({ body }, ctx) => ({
      recoveryCodes: await factors.confirmTotp(ctx.session.userId, body.code),
    }),
    strict,
  );
  r.route(
    routes.disableTotp,
    async ({ body }, ctx) => {
      await factors.disableTotp(ctx.session.userId, body.secondFactor);
      return factors.status(ctx.session.userId);
    },
    strict,
  );
  r.route(
    routes.newRecoveryCodes,
    async ({ body }, ctx) => ({
      recoveryCodes: await factors.newRecoveryCodes(ctx.session.userId, body.secondFactor),
    }),
    strict,
  );
  r.route(
    routes.loginSecondFactor,
    async ({ body }, ctx) =>
      signIn(await factors.completeSignIn(body.ticket, body.secondFactor), ctx),
    strict,
  );
}
