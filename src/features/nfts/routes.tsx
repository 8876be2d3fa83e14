import { page, type AppRoute } from '../../lib/routing.ts';

const NftsPage = page(() => import('./NftsPage.tsx'));

export const nftsRoutes: AppRoute[] = [{ path: '/nfts', element: <NftsPage />, page: NftsPage }];
