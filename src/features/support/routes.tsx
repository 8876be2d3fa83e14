import { page, type AppRoute } from '../../lib/routing.ts';

const SupportPage = page(() => import('./SupportPage.tsx'));

/** Live support: open to visitors too (they prove an address to start a chat). */
export const supportRoutes: AppRoute[] = [
  { path: '/profile/kefu', element: <SupportPage />, page: SupportPage },
];
