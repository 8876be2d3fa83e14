import { page, type AppRoute } from '../../lib/routing.ts';

const PlansPage = page(() => import('./PlansPage.tsx'));

/** Smart trading (SPEC §2, §7): the plans on offer and the person's own (`?tab=mine`). */
export const plansRoutes: AppRoute[] = [
  { path: '/trading', element: <PlansPage />, guarded: true, page: PlansPage },
];
