import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Timeframe } from '../../../contract/market/timeframes.ts';
import { call } from '../../api/client.ts';

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

/** The last `limit` candles of one instrument, kept live by the chart from its tick channel. */
export function useCandles(code: string, timeframe: Timeframe, limit: number) {
  return useQuery({
    queryKey: ['candles', code, timeframe, limit],
    queryFn: () => call('getKValueByCodeAndDate', { query: { code, timeframe, limit } }),
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
