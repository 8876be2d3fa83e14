import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export const SECURITY = ['security'] as const;

/** The person's second factor, recovery codes left and any withdrawal hold. */
export function useSecurity() {
  return useQuery({ queryKey: SECURITY, queryFn: () => call('getSecurity') });
}
