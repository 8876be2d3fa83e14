import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { fundsRoutes } from './funds/routes.ts';
import { marketRoutes } from './market/routes.ts';
import { nftsRoutes } from './nfts/routes.ts';
import { routes } from './routes.ts';
import { signInRoutes } from './sign-in/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { tradingRoutes } from './trading/routes.ts';
import { filesRoutes } from './files/routes.ts';
import { kycRoutes } from './kyc/routes.ts';
import { loansRoutes } from './loans/routes.ts';
import { plansRoutes } from './plans/routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { rewardsRoutes } from './rewards/routes.ts';
import { invitesRoutes } from './invites/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { securityRoutes } from './security/routes.ts';

describe('the merged route table', () => {
  it('loses no capability call to a name or path another capability also uses', () => {
    const tables = [
      authRoutes,
      signInRoutes,
      contentRoutes,
      marketRoutes,
      nftsRoutes,
      fundsRoutes,
      adminRoutes,
      tradingRoutes,
      spotRoutes,
      filesRoutes,
      notificationsRoutes,
      kycRoutes,
      plansRoutes,
      loansRoutes,
      rewardsRoutes,
      invitesRoutes,
      supportRoutes,
      securityRoutes,
    ];
    const names = tables.flatMap((table) => Object.keys(table));
    expect(Object.keys(routes)).toHaveLength(names.length);
    const paths = Object.values(routes).map((def) => `${def.method} ${def.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
