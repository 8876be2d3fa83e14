import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Code } from '../../../contract/errors.ts';
import type { PathName } from '../../../contract/paths.ts';
import type { RouteInput, RouteResult } from '../../../contract/routes.ts';
import type { SupportFrame } from '../../../contract/support/frames.ts';
import type { Conversation } from '../../../contract/support/schemas.ts';
import { OWN_KEY } from '../../../contract/user-channel.ts';
import { ApiError, call } from '../../api/client.ts';
import { subscribe } from '../../api/price-feed.ts';
import { visitorCall, visitorStore, type VisitorChat } from './visitor.ts';

/** Whose chat this browser holds: the signed-in person's, or a visitor's. */
export type Side = { kind: 'person' } | { kind: 'visitor'; chat: VisitorChat };

/** One call on the chat's side: the session's, or the visitor's token. */
export function sideCall<N extends PathName>(
  side: Side,
  name: N,
  input: Partial<RouteInput<N>> = {},
): Promise<RouteResult<N>> {
  return side.kind === 'person' ? call(name, input) : visitorCall(name, input);
}

const keyOf = (side: Side) => ['support', side.kind] as const;
/** The signed-in person's chat in the query cache. */
export const PERSON_CHAT = keyOf({ kind: 'person' });

export function useSupport(side: Side) {
  return useQuery({
    queryKey: keyOf(side),
    queryFn: async () => {
      try {
        return await sideCall(side, 'getSupport');
      } catch (err) {
        // A visitor's chat that ended: they prove their address again.
        if (
          side.kind === 'visitor' &&
          err instanceof ApiError &&
          err.code === Code.supportVisitorEnded
        ) {
          visitorStore.set(null);
        }
        throw err;
      }
    },
  });
}

/**
 * Whether the other side is typing: a typing frame shows it for TYPING_SHOWN_MS, their
 * message ends it. Returns the flag and the frame handler's setter.
 */
export function useTypingShown(): [boolean, (typing: boolean) => void] {
  const [typingAt, setTypingAt] = useState<number | null>(null);
  useEffect(() => {
    if (typingAt === null) return;
    const timer = setTimeout(() => setTypingAt(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);
  const mark = useCallback((typing: boolean) => setTypingAt(typing ? Date.now() : null), []);
  return [typingAt !== null, mark];
}

/**
 * Moves this side's read mark to the newest message of conversation `id` whenever one arrives
 * past `read` (each message once): `send` is the side's read call.
 */
export function useReadMark(
  id: number | undefined,
  newest: number | undefined,
  read: number,
  send: (body: { conversationId: number; messageId: number }) => Promise<unknown>,
) {
  const sent = useRef(0);
  const sender = useRef(send);
  useEffect(() => {
    sender.current = send;
  });
  useEffect(() => {
    if (id === undefined || newest === undefined || newest <= Math.max(read, sent.current)) return;
    sent.current = newest;
    void sender.current({ conversationId: id, messageId: newest }).catch(() => undefined);
  }, [id, newest, read]);
}

/**
 * The conversation with a live frame's message in it, at once (no round trip before it shows);
 * the refetch that follows brings the rest. A message already there is not added twice.
 */
export function withFrame<C extends Conversation>(c: C | undefined, frame: SupportFrame) {
  const m = frame.message;
  if (c === undefined || m === undefined || c.id !== frame.conversationId) return c;
  if (c.messages.some((x) => x.id === m.id)) return c;
  const messages = [...c.messages, m].sort((a, b) => a.id - b.id);
  return { ...c, messages };
}

/**
 * The chat's live frames: a message shows at once (withFrame); a message, a read mark or a
 * status refetches the conversation; the
 * other side typing shows for a few seconds. Returns whether the agent is typing.
 */
export function useSupportLive(side: Side): boolean {
  const queryClient = useQueryClient();
  const [typing, markTyping] = useTypingShown();
  const channel = side.kind === 'visitor' ? side.chat.channel : OWN_KEY;
  const topic = side.kind === 'visitor' ? 'support.visitor' : 'support.chat';
  const kind = side.kind;
  useEffect(() => {
    const on = (frame: SupportFrame) => {
      if (frame.kind === 'typing') return markTyping(true);
      if (frame.kind === 'message') {
        markTyping(false);
        queryClient.setQueryData<RouteResult<'getSupport'>>(['support', kind], (state) =>
          state === undefined
            ? state
            : { ...state, conversation: withFrame(state.conversation ?? undefined, frame) ?? null },
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['support', kind] });
    };
    return subscribe(topic, channel, on);
  }, [queryClient, topic, channel, kind, markTyping]);
  return typing;
}

/** How long "typing…" shows after the last signal, and how often this side sends one. */
export const TYPING_SHOWN_MS = 4_000;
export const TYPING_EVERY_MS = 2_500;
