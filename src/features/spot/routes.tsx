import { lazy, Suspense } from 'react';
import { page, type AppRoute } from '../../lib/routing.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import type { SpotLinkProps } from './SpotLinks.tsx';

const SpotPage = page(() => import('./SpotPage.tsx'));

export const spotRoutes: AppRoute[] = [
  { path: '/spot', element: <SpotPage />, page: SpotPage },
  { path: '/spot/:code', element: <SpotPage />, page: SpotPage },
];

// Its own small chunk, fetched by the screens that show it: they carry no spot code.
const LazySpotLink = lazy(() => import('./SpotLinks.tsx'));

/**
 * The way into spot trading from another feature's screen (src/app hands it over): under a
 * market's chart and in a market list's row when the instrument is a spot pair, in a coin's
 * row of the coin accounts. Nothing when there is no pair.
 */
export function SpotLink(props: SpotLinkProps) {
  return (
    <Suspense fallback={null}>
      <LazySpotLink {...props} />
    </Suspense>
  );
}

const LazySpotOrders = lazy(() => import('./SpotOrders.tsx'));

/** The person's spot orders on every pair, for My orders (src/app hands it over). */
export function SpotOrders() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazySpotOrders />
    </Suspense>
  );
}
