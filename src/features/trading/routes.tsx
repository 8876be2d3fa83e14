import { lazy, Suspense } from 'react';
import { page, type AppRoute } from '../../lib/routing.ts';
import { Spinner } from '../../ui/EmptyState.tsx';

const OrdersPage = page(() => import('./OrdersPage.tsx'));
const OrderDetailPage = page(() => import('./OrderDetailPage.tsx'));

export const tradingRoutes: AppRoute[] = [
  { path: '/profile/orders', element: <OrdersPage />, guarded: true, page: OrdersPage },
  {
    path: '/profile/orders/:kind/:id',
    element: <OrderDetailPage />,
    guarded: true,
    page: OrderDetailPage,
  },
];

// Its own chunk, fetched once a market's page is up: the market screens carry no trading code.
const LazyTradePanel = lazy(() => import('./TradePanel.tsx'));

/** The trade panel for a market's detail page (src/app hands it to the market feature). */
export function TradePanel({ instrument }: { instrument: { id: number; code: string } }) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyTradePanel instrument={instrument} />
    </Suspense>
  );
}
