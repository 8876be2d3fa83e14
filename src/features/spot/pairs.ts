import { useQuery } from '@tanstack/react-query';
import type { SpotPair } from '../../../contract/spot/schemas.ts';
import { call } from '../../api/client.ts';

/** The pairs offered (public, slow to change). */
export function useSpotPairs() {
  return useQuery({
    queryKey: ['spotPairs'],
    queryFn: () => call('listSpotPairs'),
    staleTime: 5 * 60_000,
  });
}

export function pairOf(list: readonly SpotPair[] | undefined, code: string): SpotPair | undefined {
  return list?.find((p) => p.code === code);
}
