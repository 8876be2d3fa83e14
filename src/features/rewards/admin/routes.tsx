import type { AdminRoute } from '../../../lib/routing.ts';
import RewardsPoolPage from './RewardsPoolPage.tsx';

/** The rewards pool in the back office. */
export const rewardsAdminRoutes: AdminRoute[] = [
  { path: 'rewards', element: <RewardsPoolPage />, gate: 'adminRewardsPool', nav: 'rewards' },
];
