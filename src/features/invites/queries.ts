import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Every invites query starts with this key. */
export const INVITES = 'invites';

export function useInvites() {
  return useQuery({
    queryKey: [INVITES, 'mine'],
    queryFn: () => call('getInvites', { query: { page: 1, size: 50 } }),
  });
}

export function useReferralStatement(page: number) {
  return useQuery({
    queryKey: [INVITES, 'statement', page],
    queryFn: () => call('listReferralRewards', { query: { page, size: 20 } }),
  });
}

export function useRefreshInvites(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [INVITES] });
}
