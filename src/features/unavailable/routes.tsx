import { page, type AppRoute } from '../../lib/routing.ts';

const UnavailablePage = page(() => import('./UnavailablePage.tsx'));

export const unavailableRoutes: AppRoute[] = [
  {
    path: '/profile/kefu',
    element: <UnavailablePage capability="support" />,
    guarded: true,
    page: UnavailablePage,
  },
];
