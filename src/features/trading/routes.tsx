import { type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { page, type AppRoute } from '../../lib/routing.ts';

const OrdersPage = page(() => import('./OrdersPage.tsx'));
const OrderDetailPage = page(() => import('./OrderDetailPage.tsx'));

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
  { path: '/trade/:kind', element: <TradeEntry /> },
];

// Fetched once a market's page is up (the market screens carry no trading code), both with one
// import: the start-up code names each import's chunks. The screens showing them wrap them in
// Suspense.
const loadMarketParts = () => import('./market-parts.ts');

/** /trade/:kind: where the shell's trade entries lead, in the chunk of what it leads to. */
const TradeEntry = lazyPart(() => loadMarketParts().then((m) => ({ default: m.TradeEntryPage })));

/** The trade panel for a market's detail page (src/app hands it to the market feature). */
export const TradePanel = lazyPart(() =>
  loadMarketParts().then((m) => ({ default: m.TradePanel })),
);

/** Under a market's chart: the person's positions, orders and history on that market. */
export const MarketOrders = lazyPart(() =>
  loadMarketParts().then((m) => ({ default: m.MarketOrders })),
);

/**
 * For the shell, while someone is signed in: a message on any screen when a trigger closes one
 * of their positions.
 */
export const TradeNotices = lazyPart(() => import('./CloseNotices.tsx'));
