import { useCallback, useSyncExternalStore } from 'react';

/** One instrument's last price from the live feed (the feed's mid, as the price list sends it). */
export interface LivePrice {
  price: string;
  zdf: string;
  /** Time of the tick, ms since the epoch. */
  ts: number;
}

const prices = new Map<string, LivePrice>();
const listeners = new Map<string, Set<() => void>>();

/**
 * Called by the live feed (price-feed.ts) with each price list. Kept apart from the feed's own
 * module, so a screen can follow one code's price without loading the feed's code.
 */
export function publishLivePrices(
  updates: Iterable<{ code: string; price: string; zdf: string; ts: number }>,
): void {
  for (const u of updates) {
    prices.set(u.code, { price: u.price, zdf: u.zdf, ts: u.ts });
    for (const l of listeners.get(u.code) ?? []) l();
  }
}

/** Calls `listener` on each new live price of `code`; returns the unsubscribe. */
export function subscribeLivePrice(code: string, listener: () => void): () => void {
  let set = listeners.get(code);
  if (set === undefined) {
    set = new Set();
    listeners.set(code, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(code);
  };
}

/** The last live price of `code` now, or undefined until the feed has sent one. */
export function livePriceOf(code: string): LivePrice | undefined {
  return prices.get(code);
}

/** The last live price of `code`, or undefined until the feed has sent one since start-up. */
export function useLivePrice(code: string): LivePrice | undefined {
  const sub = useCallback((l: () => void) => subscribeLivePrice(code, l), [code]);
  const get = useCallback(() => prices.get(code), [code]);
  return useSyncExternalStore(sub, get, get);
}
