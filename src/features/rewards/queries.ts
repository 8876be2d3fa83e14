import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Every rewards query starts with this key. */
export const REWARDS = 'rewards';

export function useRewards() {
  return useQuery({ queryKey: [REWARDS], queryFn: () => call('getRewards') });
}

/** After a check-in or a claim: the welfare page and the balances. */
export function useRefreshRewards(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === REWARDS || q.queryKey[0] === 'balances',
    });
}
