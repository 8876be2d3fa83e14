import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';

// Apart from queries.ts, whose market list and figures home shows before its first paint: only
// the market screen keeps a watchlist, and the mutation code stays with it.
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
