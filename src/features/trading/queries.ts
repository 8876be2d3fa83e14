import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OptionOrder, UOrder } from '../../../contract/trading/schemas.ts';
import type { TradingInfo } from './figures.ts';
import { call } from '../../api/client.ts';
import { livePriceOf, subscribeLivePrice, useLivePrice } from '../../api/live-prices.ts';
import { onUserEvent } from '../../api/user-events.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';

/** Every query a trade can change starts with one of these (balances are the funds screens'). */
const ROOTS = ['uOrders', 'uOrder', 'options', 'option', 'profitTotal', 'balances'] as const;

export function refreshTrading(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => (ROOTS as readonly unknown[]).includes(q.queryKey[0]),
  });
}

/**
 * Refetches the trading queries when the user channel says an order or position changed (a
 * take profit fired, an option settled): the nudge carries no figures, the API answer does.
 */
export function useTradingNudges(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUserEvent((event) => {
        if (event.topic === 'orders' || event.topic === 'positions') {
          void refreshTrading(queryClient);
        }
      }),
    [queryClient],
  );
}

/** Public: what can be traded on the instrument now, with bid and ask from the last tick. */
export function useTradingInfo(instrumentId: number, enabled = true) {
  return useQuery({
    queryKey: ['tradingInfo', instrumentId],
    queryFn: () => call('getTradingInfo', { params: { id: instrumentId } }),
    enabled,
    // Opening hours and the option periods move slowly; the quote follows the live feed below.
    refetchInterval: 30_000,
  });
}

/** At most one quote refresh per this many ms, however fast the feed ticks. */
const QUOTE_REFRESH_MS = 1_000;

/**
 * getTradingInfo, refetched whenever the live feed has a newer price for the code than the
 * quote's tick (at most once a second): bid and ask come from the server, which applies the
 * instrument's spread, so the panel shows the price the server would fill at.
 */
export function useLiveTradingInfo(instrumentId: number, code: string, enabled = true) {
  const info = useTradingInfo(instrumentId, enabled);
  const live = useLivePrice(code);
  const { refetch, dataUpdatedAt, data } = info;
  const tickTs = data?.tickTs ?? 0;
  const liveTs = live?.ts ?? 0;
  useEffect(() => {
    if (data === undefined || liveTs <= tickTs) return;
    const wait = Math.max(0, dataUpdatedAt + QUOTE_REFRESH_MS - Date.now());
    // cancelRefetch false: rows of one instrument share the query and its request.
    const timer = setTimeout(() => void refetch({ cancelRefetch: false }), wait);
    return () => clearTimeout(timer);
  }, [data, liveTs, tickTs, dataUpdatedAt, refetch]);
  return info;
}

/**
 * getTradingInfo of several instruments (an account's open positions), fetched together and
 * again when the live feed has a newer price for one of their codes than its quote's tick, at
 * most once a second, as useLiveTradingInfo does for one.
 */
export function useLiveQuotes(
  instruments: readonly { instrumentId: number; code: string }[],
): Map<number, TradingInfo> {
  const ids = [...new Set(instruments.map((i) => i.instrumentId))].sort((a, b) => a - b);
  const quotes = useQuery({
    queryKey: ['tradingInfos', ids],
    queryFn: () => Promise.all(ids.map((id) => call('getTradingInfo', { params: { id } }))),
    enabled: ids.length > 0,
    refetchInterval: 30_000,
  });
  const { refetch, data } = quotes;
  // Each code with its quote's tick ("BTCUSDT:1764253800000,…"): what the effect follows.
  const followed = (data ?? []).map((q) => `${q.code}:${q.tickTs ?? 0}`).join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stops = followed
      .split(',')
      .filter((part) => part !== '')
      .map((part) => {
        const [code = '', tick = '0'] = part.split(':');
        return subscribeLivePrice(code, () => {
          const live = livePriceOf(code);
          if (timer !== undefined || live === undefined || live.ts <= Number(tick)) return;
          timer = setTimeout(() => {
            timer = undefined;
            void refetch({ cancelRefetch: false });
          }, QUOTE_REFRESH_MS);
        });
      });
    return () => {
      for (const stop of stops) stop();
      clearTimeout(timer);
    };
  }, [followed, refetch]);
  return new Map((data ?? []).map((q) => [q.instrumentId, q]));
}

/** Every open position of the book (at most 200: TRADING_LIMITS.openOrdersMax), for its totals. */
export function useOpenPositions() {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['uOrders', book, 'allOpen'],
    queryFn: async () => {
      const list: UOrder[] = [];
      for (let page = 1; page <= 5; page++) {
        const part = await call('listUOrder', { query: { status: 'open', page, size: 100 } });
        list.push(...part.list);
        if (list.length >= part.total || part.list.length === 0) break;
      }
      return list;
    },
  });
}

export { useBalances } from '../../api/balances.ts';

export type UOrderStatus = UOrder['status'];

/** One status's contracts, a page of 20 at a time; one instrument's only when given. */
export function useUOrders(status: UOrderStatus | 'current', page: number, instrumentId?: number) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['uOrders', book, status, page, instrumentId ?? 0],
    queryFn: () => call('listUOrder', { query: { status, page, size: 20, instrumentId } }),
  });
}

export function useUOrder(id: number) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['uOrder', book, id],
    queryFn: () => call('getUOrderById', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useOptionOrders(page: number, instrumentId?: number) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['options', book, page, instrumentId ?? 0],
    queryFn: () => call('listOptionsOrder', { query: { page, size: 20, instrumentId } }),
  });
}

/** How long after expiry the server settles (its grace for the recorder), and then how often to ask. */
const SETTLE_GRACE_MS = 2_000;
const SETTLE_POLL_MS = 1_000;

/**
 * One option. While it is open it is asked for again just after its expiry (and every second
 * after that until settled), besides the user channel's nudge, so the result shows without a
 * reload even when the socket is away.
 */
export function useOptionOrder(id: number, initial?: OptionOrder) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['option', book, id],
    queryFn: () => call('getOptionsOrderById', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
    initialData: initial,
    refetchInterval: (query) => {
      const o = query.state.data;
      if (o === undefined || o.status !== 'open') return false;
      const due = Date.parse(o.expiresAt) + SETTLE_GRACE_MS - Date.now();
      return Math.max(SETTLE_POLL_MS, due);
    },
  });
}

export function useProfitTotal() {
  const { book } = useStore(preferences);
  return useQuery({ queryKey: ['profitTotal', book], queryFn: () => call('getProfitTotal') });
}
