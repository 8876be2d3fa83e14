import type { AdminRoute } from '../../../lib/routing.ts';
import PlanProductsPage from './PlanProductsPage.tsx';

/** Smart plan products and their reserves in the back office. */
export const plansAdminRoutes: AdminRoute[] = [
  { path: 'plans', element: <PlanProductsPage />, gate: 'adminListSmartProducts', nav: 'plans' },
];
