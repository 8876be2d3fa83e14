import { QueryClient } from '@tanstack/react-query';
import { startPriceFeed } from './price-feed.ts';

/** The app's query cache, kept current by the live price feed from start-up (SPEC §4). */
export function startDataLayer(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  startPriceFeed(queryClient);
  return queryClient;
}
