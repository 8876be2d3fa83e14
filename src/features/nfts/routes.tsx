import { page, type AppRoute } from '../../lib/routing.ts';

const NftsPage = page(() => import('./NftsPage.tsx'));
const NftDetailPage = page(() => import('./NftDetailPage.tsx'));
const DonationsPage = page(() => import('./DonationsPage.tsx'));

export const nftsRoutes: AppRoute[] = [
  { path: '/nfts', element: <NftsPage />, page: NftsPage },
  { path: '/nfts/donations', element: <DonationsPage />, page: DonationsPage },
  { path: '/nfts/:id', element: <NftDetailPage />, page: NftDetailPage },
];
