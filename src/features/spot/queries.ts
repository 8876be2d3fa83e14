import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SpotBook } from '../../../contract/spot/schemas.ts';
import { call } from '../../api/client.ts';
import { subscribe } from '../../api/price-feed.ts';
import { onUserEvent } from '../../api/user-events.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';

/** Every query a spot order can change starts with one of these (balances are the funds screens'). */
const ROOTS = ['spotOrders', 'spotOrder', 'spotBook', 'balances'] as const;

export function refreshSpot(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => (ROOTS as readonly unknown[]).includes(q.queryKey[0]),
  });
}

/**
 * Refetches the person's spot orders and balances when the user channel says one of their spot
 * orders changed (placed, filled by someone else, cancelled): the nudge carries no figures.
 */
export function useSpotNudges(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUserEvent((event) => {
        if (event.topic === 'orders' && event.id.startsWith('spot-')) {
          void queryClient.invalidateQueries({
            predicate: (q) =>
              ['spotOrders', 'spotOrder', 'balances'].includes(String(q.queryKey[0])),
          });
        }
      }),
    [queryClient],
  );
}

/**
 * One pair's book in the person's book (demo or real): the API's answer, then every frame the
 * socket sends for it. Whichever has the higher `seq` wins, so a late answer never replaces a
 * newer frame, nor an old frame a newer answer.
 */
export function useSpotBook(code: string) {
  const { book } = useStore(preferences);
  const queryClient = useQueryClient();
  const key = ['spotBook', book, code] as const;
  useEffect(() => {
    if (code === '') return;
    const frameKey = ['spotBook', book, code];
    return subscribe('spot.book', code, (frame) => {
      if (frame.book !== book) return;
      const { type: _type, ...next } = frame;
      queryClient.setQueryData<SpotBook>(frameKey, (held) =>
        held === undefined || held.seq < next.seq ? next : held,
      );
    });
  }, [code, book, queryClient]);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const fresh = await call('getSpotBook', { params: { code } });
      const held = queryClient.getQueryData<SpotBook>(key);
      return held !== undefined && held.seq > fresh.seq ? held : fresh;
    },
    enabled: code !== '',
  });
}

export { useBalances } from '../../api/balances.ts';

export type OrderFilter = 'current' | 'history';
export const PAGE_SIZE: Record<OrderFilter, number> = { current: 50, history: 10 };

export function useSpotOrders(filter: OrderFilter, code: string | undefined, page: number) {
  const { book } = useStore(preferences);
  const { isLogin } = useStore(sessionStore);
  return useQuery({
    queryKey: ['spotOrders', book, filter, code ?? '', page],
    queryFn: () =>
      call('listBbOrder', {
        query: { status: filter, code, page, size: PAGE_SIZE[filter] },
      }),
    enabled: isLogin,
    placeholderData: keepPreviousData,
  });
}

export function useSpotOrder(id: number, enabled = true) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['spotOrder', book, id],
    queryFn: () => call('getBbOrderById', { params: { id } }),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}
