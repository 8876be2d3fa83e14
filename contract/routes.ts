import type { z } from 'zod';
import { authRoutes } from './auth/routes.ts';
import { signInRoutes } from './sign-in/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { marketRoutes } from './market/routes.ts';
import { nftsRoutes } from './nfts/routes.ts';
import { fundsRoutes } from './funds/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { tradingRoutes } from './trading/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { kycRoutes } from './kyc/routes.ts';
import { filesRoutes } from './files/routes.ts';
import { plansRoutes } from './plans/routes.ts';
import { loansRoutes } from './loans/routes.ts';
import { rewardsRoutes } from './rewards/routes.ts';
import { invitesRoutes } from './invites/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { securityRoutes } from './security/routes.ts';

export type { RouteDef } from './route-def.ts';

/**
 * Every HTTP call of the API, merged from each capability's own table: the one description the
 * server registers, the OpenAPI document is generated from, and the app's client is typed by.
 */
export const routes = {
  ...authRoutes,
  ...signInRoutes,
  ...contentRoutes,
  ...marketRoutes,
  ...nftsRoutes,
  ...fundsRoutes,
  ...adminRoutes,
  ...tradingRoutes,
  ...spotRoutes,
  ...notificationsRoutes,
  ...kycRoutes,
  ...filesRoutes,
  ...plansRoutes,
  ...loansRoutes,
  ...rewardsRoutes,
  ...invitesRoutes,
  ...supportRoutes,
  ...securityRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Input<T> = T extends z.ZodType ? z.input<T> : never;
export type RouteInput<N extends RouteName> = {
  query: Input<Routes[N]['query']>;
  body: Input<Routes[N]['body']>;
  params: Input<Routes[N]['params']>;
};
export type RouteResult<N extends RouteName> = z.output<Routes[N]['result']>;
