import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Every smart plan query starts with this key. */
export const PLANS = 'plans';

export function usePlanProducts() {
  return useQuery({ queryKey: [PLANS, 'products'], queryFn: () => call('listSmartProducts') });
}

export function useMyPlans(page: number) {
  return useQuery({
    queryKey: [PLANS, 'mine', page],
    queryFn: () => call('listSmartOrder', { query: { page, size: 20 } }),
  });
}

/** A subscription or an exit changes the products' counts, the plans and the balance. */
export function useRefreshPlans(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
