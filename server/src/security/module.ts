import type { SecondFactor } from '../../../contract/security/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { LoginResult } from '../../../contract/auth/schemas.ts';
import { AppError } from '../errors.ts';
import type { Capability } from '../http/capability.ts';
import type { Database } from '../platform/db/database.ts';
import type { Keyring } from '../platform/files/envelope.ts';
import type { LoginThrottle } from '../platform/security/login-throttle.ts';
import { securityRoutes, type Client } from './routes.ts';
import { SecondFactors } from './second-factors.ts';

export interface SecurityNeeds {
  db: Database;
  /** The files kernel's master keys: authenticator secrets are sealed like files. */
  keyring: Keyring;
  throttle: LoginThrottle;
  now: () => number;
  authRateLimit: number;
  /** A new session once the second step holds (the auth capability's). */
  signIn(userId: number, client: Client): Promise<LoginResult>;
}

export type SecurityModule = Capability & {
  factors: SecondFactors;
  /** What a withdrawal must pass (the funds capability asks). */
  withdrawalGuard: {
    check(userId: number, proof: SecondFactor | undefined): Promise<void>;
  };
};

/** Second factors and the withdrawal hold (docs/security.md). */
export function securityModule(needs: SecurityNeeds): SecurityModule {
  const factors = new SecondFactors(needs.db, needs.keyring, needs.throttle, needs.now);
  const withdrawalGuard = {
    async check(userId: number, proof: SecondFactor | undefined) {
      await factors.refuseIfHeld(needs.db, userId);
      if (!(await factors.hasFactor(needs.db, userId))) return;
      if (proof === undefined) {
        throw new AppError(Code.secondFactorRequired, { field: 'secondFactor' });
      }
      await factors.verify(userId, proof);
    },
  };
  return {
    name: 'security',
    factors,
    withdrawalGuard,
    routes: (r) => securityRoutes(r, factors, needs.signIn, needs.authRateLimit),
  };
}
