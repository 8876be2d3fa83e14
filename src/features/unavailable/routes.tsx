import { page, type AppRoute } from '../../lib/routing.ts';

const UnavailablePage = page(() => import('./UnavailablePage.tsx'));

export const unavailableRoutes: AppRoute[] = [
  {
    path: '/profile/kefu',
    element: <UnavailablePage capability="support" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/profile/qiandao',
    element: <UnavailablePage capability="checkIn" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/profile/invite',
    element: <UnavailablePage capability="invite" />,
    guarded: true,
    page: UnavailablePage,
  },
];
