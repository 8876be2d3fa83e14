import { createStore } from '../state/store.ts';

export type FeedStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Whether the live price feed (price-feed.ts) is connected. Apart from the feed's code, which
 * is fetched once the first screen is up, so a screen can show the state from its first paint.
 */
export const feedStatus = createStore<{ status: FeedStatus; retryAt: number | null }>({
  status: 'connecting',
  retryAt: null,
});
