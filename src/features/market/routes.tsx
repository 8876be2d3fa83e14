import { page, type AppRoute } from '../../lib/routing.ts';

const MarketPage = page(() => import('./MarketPage.tsx'));
const MarketDetailPage = page(() => import('./MarketDetailPage.tsx'));

export const marketRoutes: AppRoute[] = [
  { path: '/market', element: <MarketPage />, page: MarketPage },
  { path: '/cruuency', element: <MarketDetailPage />, page: MarketDetailPage },
];
