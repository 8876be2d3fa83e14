import type { QueryClient } from '@tanstack/react-query';
import type { MarketInfo } from '../../contract/market.ts';
import { MESSAGE_PATH, type PriceUpdate } from '../../contract/price-feed.ts';
import { createStore } from '../state/store.ts';

export type FeedStatus = 'connecting' | 'live' | 'reconnecting';

/** SPEC §4 says the original did not retry; this one does, backing off up to 30 s. */
const BACKOFF = { initialMs: 500, maxMs: 30_000 } as const;
const HUNDRED = 100;

export const feedStatus = createStore<{ status: FeedStatus; retryAt: number | null }>({
  status: 'connecting',
  retryAt: null,
});

const listeners = new Set<(updates: readonly PriceUpdate[]) => void>();

/** Updates for components that draw ticks themselves (the detail chart). */
export function onPriceUpdates(listener: (updates: readonly PriceUpdate[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface ListPage {
  list: MarketInfo[];
}

function applyToLists(queryClient: QueryClient, byCode: Map<string, PriceUpdate>): void {
  queryClient.setQueriesData<ListPage>({ queryKey: ['markets'] }, (page) => {
    if (page === undefined) return page;
    let changed = false;
    const list = page.list.map((item) => {
      const u = byCode.get(item.code);
      if (u === undefined) return item;
      changed = true;
      const hundred = [...item.hundred, u.price].slice(-HUNDRED);
      return { ...item, price: u.price, zdf: u.zdf, hundred };
    });
    return changed ? { ...page, list } : page;
  });
  queryClient.setQueriesData<MarketInfo>({ queryKey: ['market'] }, (info) => {
    const u = info === undefined ? undefined : byCode.get(info.code);
    return info === undefined || u === undefined ? info : { ...info, price: u.price, zdf: u.zdf };
  });
}

/**
 * Opens the live price feed at start-up (SPEC §4) and keeps it open: ticks go straight into
 * the TanStack Query cache, and a lost connection is retried with exponential back-off.
 */
export function startPriceFeed(queryClient: QueryClient): void {
  let attempt = 0;
  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${MESSAGE_PATH}`);
    socket.onopen = () => {
      attempt = 0;
      feedStatus.set({ status: 'live', retryAt: null });
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      let updates: PriceUpdate[];
      try {
        updates = JSON.parse(event.data) as PriceUpdate[];
      } catch {
        return;
      }
      if (!Array.isArray(updates)) return;
      applyToLists(queryClient, new Map(updates.map((u) => [u.code, u])));
      for (const l of listeners) l(updates);
    };
    socket.onclose = () => {
      const delay =
        Math.min(BACKOFF.maxMs, BACKOFF.initialMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      feedStatus.set({ status: 'reconnecting', retryAt: Date.now() + delay });
      setTimeout(connect, delay);
    };
  };
  connect();
}
