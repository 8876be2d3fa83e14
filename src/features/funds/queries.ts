import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Network } from '../../../contract/funds/addresses.ts';
import type { Asset, FundingStatus } from '../../../contract/funds/schemas.ts';
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

export { useBalances } from '../../api/balances.ts';

export function useFundingOptions() {
  return useQuery({
    queryKey: ['fundingOptions'],
    queryFn: () => call('listFundingOptions'),
    staleTime: 60_000,
  });
}

/** Where this person pays `asset` on `network` (their own address is made on first ask). */
export function useDepositAddress(option: { asset: Asset; network: Network } | undefined) {
  return useQuery({
    queryKey: ['depositAddress', option?.asset, option?.network],
    queryFn: () =>
      call('depositAddress', {
        body: { asset: option?.asset ?? 'USDT', network: option?.network ?? 'ethereum' },
      }),
    enabled: option !== undefined,
    // An address, once given, is the person's for good.
    staleTime: Infinity,
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
