import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Timeframe } from '../../../contract/market/timeframes.ts';
import { call } from '../../api/client.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';

export function useMarketList(type: number, search = '', enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['markets', type, search],
    queryFn: () =>
      call('listMarketByType', { query: { type, size: 100, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useMarketInfo(id: number) {
  return useQuery({
    queryKey: ['market', id],
    queryFn: () => call('getMarketInfo', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCandles(code: string, timeframe: Timeframe) {
  return useQuery({
    queryKey: ['candles', code, timeframe],
    queryFn: () => call('getKValueByCodeAndDate', { query: { code, timeframe, limit: 300 } }),
    enabled: code !== '',
  });
}

export function useHomeStats() {
  return useQuery({
    queryKey: ['homeStats'],
    queryFn: () => call('getHomeStats'),
    // The server counts every 30 s; an open home screen follows, so new sign-ups show within a minute.
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

const WATCHLIST_KEY = ['markets', 'watchlist'] as const;

/** The signed-in person's watchlist; live prices reach it like any market list. */
export function useWatchlist() {
  const { isLogin } = useStore(sessionStore);
  return useQuery({ queryKey: WATCHLIST_KEY, queryFn: () => call('listWatch'), enabled: isLogin });
}

export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, watch }: { code: string; watch: boolean }) =>
      call(watch ? 'addWatch' : 'removeWatch', { body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}
