import { page, type AppRoute } from '../../lib/routing.ts';

const SecurityPage = page(() => import('./SecurityPage.tsx'));

export const securityRoutes: AppRoute[] = [
  { path: '/profile/security', element: <SecurityPage />, guarded: true, page: SecurityPage },
];
