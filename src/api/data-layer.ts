import { QueryClient } from '@tanstack/react-query';

/** The app's query cache. */
export function startDataLayer(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * Opens the live price feed (SPEC §4), which keeps the cache's prices current. Called once the
 * first screen's code is here and its render has begun: the feed's code is fetched then, not
 * before the first paint. A failed fetch is tried again once, a little later.
 */
export function startLivePrices(queryClient: QueryClient, retryMs = 5_000): void {
  import('./price-feed.ts').then(
    ({ startPriceFeed }) => startPriceFeed(queryClient),
    () => {
      if (retryMs > 0) setTimeout(() => startLivePrices(queryClient, 0), retryMs);
    },
  );
}
