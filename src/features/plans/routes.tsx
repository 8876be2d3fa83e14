import { page, type AppRoute } from '../../lib/routing.ts';

const PlansPage = page(() => import('./PlansPage.tsx'));

/**
 * Smart trading (SPEC §2, §7): the plans on offer and the person's own (`?tab=mine`). Open to
 * visitors: the reserves behind the plans are public; subscribing asks to log in.
 */
export const plansRoutes: AppRoute[] = [
  { path: '/trading', element: <PlansPage />, page: PlansPage },
];
