import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { page, type AppRoute } from '../../lib/routing.ts';
import type { SpotLinkProps } from './SpotLinks.tsx';

const SpotPage = page(() => import('./SpotPage.tsx'));

export const spotRoutes: AppRoute[] = [
  { path: '/spot', element: <SpotPage />, page: SpotPage },
  { path: '/spot/:code', element: <SpotPage />, page: SpotPage },
];

// Its own small chunk, fetched by the screens that show it: they carry no spot code.
const LazySpotLink = lazyPart(() => import('./SpotLinks.tsx'));

/**
 * The way into spot trading from another feature's screen (src/app hands it over): under a
 * market's chart and in a market list's row when the instrument is a spot pair, in a coin's
 * row of the coin accounts (nothing when there is no pair), and the person's spot orders in My
 * orders.
 */
export function SpotLink(props: SpotLinkProps) {
  return (
    <Suspense fallback={null}>
      <LazySpotLink {...props} />
    </Suspense>
  );
}
