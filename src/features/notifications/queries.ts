import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client.ts';
import { onUserEvent } from '../../api/user-events.ts';

/** Every notification query starts with this key (the feed refetches them after an outage). */
export const NOTIFICATIONS = 'notifications';

/** The bell's figure: refetched when a notice is pushed, or when the socket comes back. */
export function useUnread() {
  return useQuery({
    queryKey: [NOTIFICATIONS, 'unread'],
    queryFn: () => call('unreadNotification'),
  });
}

export function useNotificationPage(page: number, size: number) {
  return useQuery({
    queryKey: [NOTIFICATIONS, 'list', page, size],
    queryFn: () => call('listNotification', { query: { page, size } }),
  });
}

export function useNoticeSettings() {
  return useQuery({
    queryKey: [NOTIFICATIONS, 'settings'],
    queryFn: () => call('listNoticeSettings'),
  });
}

/**
 * A pushed notice (the person's `account.events` nudge) makes every notification query fetch
 * again. The bell calls it: it is in both chromes whenever someone is signed in, which every
 * notification screen requires, so one listener serves them all.
 */
export function useNoticePushes(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUserEvent((event) => {
        if (event.topic !== 'notifications') return;
        void queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] === NOTIFICATIONS && q.queryKey[1] !== 'settings',
        });
      }),
    [queryClient],
  );
}
