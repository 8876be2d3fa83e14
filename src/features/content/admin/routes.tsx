import type { AdminRoute } from '../../../lib/routing.ts';
import ParamsPage from './ParamsPage.tsx';

/** The site's parameters staff may change: fee rates, download links, the support e-mail. */
export const contentAdminRoutes: AdminRoute[] = [
  { path: 'params', element: <ParamsPage />, gate: 'listParams', nav: 'params' },
];
