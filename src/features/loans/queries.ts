import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Every loan query starts with this key. */
export const LOANS = 'loans';

export function useLoanProducts() {
  return useQuery({ queryKey: [LOANS, 'products'], queryFn: () => call('listLoanProducts') });
}

export function useLoanRecords(page: number) {
  return useQuery({
    queryKey: [LOANS, 'records', page],
    queryFn: () => call('listLoanRecord', { query: { page, size: 20 } }),
  });
}

export function useLoan(id: number) {
  return useQuery({
    queryKey: [LOANS, 'one', id],
    queryFn: () => call('getLoan', { params: { id } }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** An application or a repayment changes the loans, the lending account and the balance. */
export function useRefreshLoans(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
