import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client.ts';
import { onUserEvent } from '../../api/user-events.ts';

/** Every identity verification query starts with this key. */
export const KYC = 'kyc';
export const KYC_STATUS = [KYC, 'status'] as const;

export function useKycStatus() {
  return useQuery({ queryKey: KYC_STATUS, queryFn: () => call('getKycStatus') });
}

/**
 * Staff's decision reaches the person as a notice (`kyc.decided`), nudged on their socket: the
 * status is fetched again then, so the page and the profile's badge change without a reload.
 * The nudge names no kind, so any notice refetches; the call is small.
 */
export function useKycPushes(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUserEvent((event) => {
        if (event.topic === 'notifications') {
          void queryClient.invalidateQueries({ queryKey: [KYC] });
        }
      }),
    [queryClient],
  );
}
