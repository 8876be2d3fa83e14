import { page, type AppRoute } from '../../lib/routing.ts';
import type { TradeSlot } from './MarketDetailPage.tsx';

const MarketPage = page(() => import('./MarketPage.tsx'));
const MarketDetailPage = page(() => import('./MarketDetailPage.tsx'));

/** What src/app plugs into the market screens from other features. */
export interface MarketSlots {
  trade?: TradeSlot;
}

export function marketRoutes({ trade }: MarketSlots = {}): AppRoute[] {
  return [
    { path: '/market', element: <MarketPage />, page: MarketPage },
    { path: '/cruuency', element: <MarketDetailPage trade={trade} />, page: MarketDetailPage },
  ];
}
