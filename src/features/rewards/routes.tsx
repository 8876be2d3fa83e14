import { page, type AppRoute } from '../../lib/routing.ts';

const WelfarePage = page(() => import('./WelfarePage.tsx'));

export const rewardsRoutes: AppRoute[] = [
  { path: '/profile/qiandao', element: <WelfarePage />, guarded: true, page: WelfarePage },
];
