import { useQuery } from '@tanstack/react-query';
import { preferences } from '../state/preferences.ts';
import { sessionStore } from '../state/session.ts';
import { useStore } from '../state/store.ts';
import { call } from './client.ts';

/**
 * The signed-in person's balances in the selected book (available and held per coin). One
 * cache entry for every screen that shows them, so a money move refreshed on one is fresh on all.
 */
export function useBalances() {
  const { book } = useStore(preferences);
  const { isLogin } = useStore(sessionStore);
  return useQuery({
    queryKey: ['balances', book],
    queryFn: () => call('listBalance'),
    enabled: isLogin,
  });
}

/** One coin's balance in the selected book: undefined while it loads, or signed out. */
export function useCoinBalance(asset: string) {
  return useBalances().data?.assets.find((a) => a.asset === asset);
}
