import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUPPORT_LIMITS, type QUEUES } from '../../../../contract/support/schemas.ts';
import { setStaffToken, subscribe } from '../../../api/price-feed.ts';
import { ADMIN_KEY, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { useTypingShown } from '../queries.ts';

export type Queue = (typeof QUEUES)[number];
export const SUPPORT_KEY = [ADMIN_KEY, 'support'] as const;

/** Conversations per page of a queue: the contract's largest page. */
export const QUEUE_PAGE_SIZE = SUPPORT_LIMITS.pageSizeMax;

export function useConversations(queue: Queue, page: number) {
  const listKey = [...SUPPORT_KEY, 'list', queue] as const;
  return useQuery({
    queryKey: [...listKey, page],
    queryFn: () => staffCall('adminSupportList', { query: { queue, page, size: QUEUE_PAGE_SIZE } }),
    // The page before stays while the next loads, within one queue only: another queue's rows
    // must never stand in for this one's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[listKey.length - 1] === queue ? previous : undefined,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'conversation', id],
    queryFn: () => staffCall('adminSupportGet', { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function useAgents() {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'agents'],
    queryFn: () => staffCall('adminSupportAgents'),
  });
}

export function useCanned() {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'canned'],
    queryFn: () => staffCall('adminSupportCanned'),
  });
}

/**
 * The console's live frames: the socket signs in with the staff token; a queue change refetches
 * the lists and the agents' loads, a change of the open conversation refetches it, and the
 * person typing shows for a few seconds. Returns whether the person is typing.
 */
export function useConsoleLive(conversationId: number | null): boolean {
  const queryClient = useQueryClient();
  const { token } = useStore(staffSession);
  const [typing, markTyping] = useTypingShown();
  useEffect(() => {
    setStaffToken(token);
    return () => setStaffToken(null);
  }, [token]);
  useEffect(
    () =>
      subscribe('support.staff', 'queue', () => {
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'agents'] });
      }),
    [queryClient],
  );
  useEffect(() => {
    if (conversationId === null) return;
    return subscribe('support.staff', String(conversationId), (frame) => {
      if (frame.kind === 'typing') return markTyping(true);
      if (frame.kind === 'message') markTyping(false);
      void queryClient.invalidateQueries({
        queryKey: [...SUPPORT_KEY, 'conversation', conversationId],
      });
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
    });
  }, [queryClient, conversationId, markTyping]);
  return typing;
}
