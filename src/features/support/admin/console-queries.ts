import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUPPORT_LIMITS, type QUEUES } from '../../../../contract/support/schemas.ts';
import { setStaffToken, subscribe } from '../../../api/price-feed.ts';
import { ADMIN_KEY, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { useTypingShown, withFrame } from '../queries.ts';
import type { SupportFrame } from '../../../../contract/support/frames.ts';
import type { ConversationList, StaffConversation } from '../../../../contract/support/schemas.ts';

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

/** A queue's page with a live message in its conversation's row (last text, unread). */
export function withListedFrame(list: ConversationList | undefined, frame: SupportFrame) {
  const m = frame.message;
  if (list === undefined || m === undefined) return list;
  const rows = list.rows.map((r) =>
    r.id !== frame.conversationId
      ? r
      : {
          ...r,
          lastText: m.author === 'system' ? r.lastText : m.text,
          lastMessageAt: m.at,
          unread: m.author === 'person' ? r.unread + 1 : r.unread,
        },
  );
  return { ...list, rows };
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
      subscribe('support.staff', 'queue', (frame) => {
        if (frame.kind === 'message') {
          // The row's last message and unread count at once; the refetch orders the queue.
          queryClient.setQueriesData<ConversationList>(
            { queryKey: [...SUPPORT_KEY, 'list'] },
            (l) => withListedFrame(l, frame),
          );
        } else {
          void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'agents'] });
        }
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
      }),
    [queryClient],
  );
  useEffect(() => {
    if (conversationId === null) return;
    return subscribe('support.staff', String(conversationId), (frame) => {
      if (frame.kind === 'typing') return markTyping(true);
      const key = [...SUPPORT_KEY, 'conversation', conversationId];
      if (frame.kind === 'message') {
        markTyping(false);
        // On screen at once; the refetch after it brings the read marks and the rest.
        queryClient.setQueryData<StaffConversation>(key, (c) => withFrame(c, frame));
      }
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
    });
  }, [queryClient, conversationId, markTyping]);
  return typing;
}
