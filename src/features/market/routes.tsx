import { page, type AppRoute } from '../../lib/routing.ts';
import type { ReactNode } from 'react';
import type { TradeSlot } from './MarketDetailPage.tsx';

const MarketPage = page(() => import('./MarketPage.tsx'));
const MarketDetailPage = page(() => import('./MarketDetailPage.tsx'));

/** What src/app plugs into the market screens from other features. */
export interface MarketSlots {
  /** Beside a market's chart: how to trade it. */
  trade?: TradeSlot;
  /** Under a market's chart: the person's orders on it. */
  activity?: TradeSlot;
  /** Beside an instrument's name in the market list (a link to another way of trading it). */
  rowAction?: (code: string) => ReactNode;
}

export function marketRoutes({ trade, activity, rowAction }: MarketSlots = {}): AppRoute[] {
  return [
    { path: '/market', element: <MarketPage rowAction={rowAction} />, page: MarketPage },
    {
      path: '/cruuency',
      element: <MarketDetailPage trade={trade} activity={activity} />,
      page: MarketDetailPage,
    },
  ];
}
