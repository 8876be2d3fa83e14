import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Which password-less sign-ins the server offers; fixed for the server's life. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['signInOptions'],
    queryFn: () => call('signInOptions'),
    staleTime: Infinity,
  });
}
