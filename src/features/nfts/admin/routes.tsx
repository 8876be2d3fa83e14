import type { AdminRoute } from '../../../lib/routing.ts';
import NftSalesPage from './NftSalesPage.tsx';

/** Charity NFT sales in the back office. */
export const nftsAdminRoutes: AdminRoute[] = [
  { path: 'nft-sales', element: <NftSalesPage />, gate: 'adminListNftSales', nav: 'nftSales' },
];
