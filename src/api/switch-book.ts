import { useQueryClient } from '@tanstack/react-query';
import type { Book } from '../../contract/envelope.ts';
import { preferences, setPreference } from '../state/preferences.ts';
import { sessionStore } from '../state/session.ts';
import { call } from './client.ts';

/**
 * Switches between the demo and the real book (SPEC §1, §4: sent as `virtually` on every
 * call). Everything cached belongs to the book left, so it is all fetched again, and the
 * person's info (balance) with it.
 */
export function useSwitchBook(): (next: Book) => void {
  const queryClient = useQueryClient();
  return (next) => {
    if (next === preferences.get().book) return;
    setPreference('book', next);
    void queryClient.invalidateQueries();
    if (sessionStore.get().isLogin) {
      void call('getUserInfo').then(sessionStore.updateUser, () => undefined);
    }
  };
}
