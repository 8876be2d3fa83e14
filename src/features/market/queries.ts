import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Timeframe } from '../../../contract/market/timeframes.ts';
import { call } from '../../api/client.ts';
import { layout } from '../../lib/layout.ts';

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

/**
 * How many candles a chart shows. A phone's 390 px show 120 (30 hours of 15-minute candles)
 * readably; 300 drew a pixel each, and drawing them was a long task on a phone's CPU.
 */
const CANDLES = layout === 'mobile' ? 120 : 300;

export function useCandles(code: string, timeframe: Timeframe) {
  return useQuery({
    queryKey: ['candles', code, timeframe],
    queryFn: () => call('getKValueByCodeAndDate', { query: { code, timeframe, limit: CANDLES } }),
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
