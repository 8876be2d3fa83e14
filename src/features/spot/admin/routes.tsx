import type { AdminRoute } from '../../../lib/routing.ts';
import MakerPage from './MakerPage.tsx';

/** The platform market maker's settings on each spot pair. */
export const spotAdminRoutes: AdminRoute[] = [
  { path: 'maker', element: <MakerPage />, gate: 'listSpotMakers', nav: 'maker' },
];
