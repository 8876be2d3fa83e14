import { lazy, Suspense, type ReactNode } from 'react';
import { page, type AppRoute } from '../../lib/routing.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import type { TradedMarket } from './last-market.ts';

const OrdersPage = page(() => import('./OrdersPage.tsx'));
const OrderDetailPage = page(() => import('./OrderDetailPage.tsx'));
const TradeEntryPage = page(() => import('./TradeEntryPage.tsx'));

/** What src/app plugs into the trading screens from other features. */
export interface TradingSlots {
  /** A tab of My orders with the person's spot orders (the spot feature's). */
  spotOrders?: ReactNode;
}

export const tradingRoutes = ({ spotOrders }: TradingSlots = {}): AppRoute[] => [
  {
    path: '/profile/orders',
    element: <OrdersPage spotOrders={spotOrders} />,
    guarded: true,
    page: OrdersPage,
  },
  {
    path: '/profile/orders/:kind/:id',
    element: <OrderDetailPage />,
    guarded: true,
    page: OrderDetailPage,
  },
  // The shell's Contracts and Options entries: a market's page with its panel on that tab.
  { path: '/trade/:kind', element: <TradeEntryPage />, page: TradeEntryPage },
];

// Their own chunks, fetched once a market's page is up: the market screens carry no trading code.
const LazyTradePanel = lazy(() => import('./TradePanel.tsx'));
const LazyMarketOrders = lazy(() => import('./MarketOrders.tsx'));
const LazyCloseNotices = lazy(() => import('./CloseNotices.tsx'));

/** The trade panel for a market's detail page (src/app hands it to the market feature). */
export function TradePanel({ instrument }: { instrument: TradedMarket }) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyTradePanel instrument={instrument} />
    </Suspense>
  );
}

/** Under a market's chart: the person's positions, orders and history on that market. */
export function MarketOrders({ instrument }: { instrument: { id: number; code: string } }) {
  return (
    <Suspense fallback={null}>
      <LazyMarketOrders instrument={instrument} />
    </Suspense>
  );
}

/**
 * For the shell, while someone is signed in: a message on any screen when a trigger closes one
 * of their positions.
 */
export function TradeNotices() {
  return (
    <Suspense fallback={null}>
      <LazyCloseNotices />
    </Suspense>
  );
}
