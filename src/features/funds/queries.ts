import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Asset, FundingStatus } from '../../../contract/funds.ts';
import { call } from '../../api/client.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';

/** Every query of this feature starts with one of these, so a money move refreshes them all. */
const ROOTS = ['balances', 'deposits', 'withdrawals', 'transactions'] as const;

export function refreshFunds(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => (ROOTS as readonly unknown[]).includes(q.queryKey[0]),
  });
}

export function useBalances() {
  const { book } = useStore(preferences);
  return useQuery({ queryKey: ['balances', book], queryFn: () => call('listBalance') });
}

export function useFundingOptions() {
  return useQuery({
    queryKey: ['fundingOptions'],
    queryFn: () => call('listFundingOptions'),
    staleTime: 60_000,
  });
}

export function useDeposits(page: number, status?: FundingStatus) {
  return useQuery({
    queryKey: ['deposits', page, status],
    queryFn: () => call('listRecharge', { query: { page, size: 20, status } }),
  });
}

export function useWithdrawals(page: number, status?: FundingStatus) {
  return useQuery({
    queryKey: ['withdrawals', page, status],
    queryFn: () => call('listWithdrwal', { query: { page, size: 20, status } }),
  });
}

export function useTransactions(page: number, asset?: Asset) {
  const { book } = useStore(preferences);
  return useQuery({
    queryKey: ['transactions', book, page, asset],
    queryFn: () => call('listTransactions', { query: { page, size: 20, asset } }),
  });
}
