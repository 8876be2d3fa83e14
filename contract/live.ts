import * as z from 'zod/mini';

/**
 * The live topics of the `/message` socket (docs/live.md), besides SPEC §7's price list (a bare
 * array every client receives). Each capability declares its topics and their data schemas in
 * `contract/<cap>/frames.ts`; `contract/live-frames.ts` merges them. zod/mini: the app's live
 * feed parses with these at start-up.
 *
 * Client to server:
 * - `{"op":"subscribe","topic":"market.ticks","key":"BTCUSDT"}` (or `"unsubscribe"`): a public
 *   or staff topic's frames for one key, at most MAX_TOPIC_SUBSCRIPTIONS at once;
 * - `{"op":"auth","token":"…"}`: the person's own topics (an empty token stops them);
 * - `{"op":"staff","token":"…"}`: staff topics, with a staff session.
 *
 * Server to client: `{"type":"live","topic":…,"key":…,"data":…}`; each auth and staff command
 * is answered with `{"type":"auth"|"staff","signedIn":…}`.
 */
export const MAX_TOPIC_SUBSCRIPTIONS = 10;

export const topicName = z.string().check(z.regex(/^[a-z]{2,20}\.[a-z][a-z-]{1,30}$/));
export const topicKey = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/));

export const followCommand = z.object({
  op: z.enum(['subscribe', 'unsubscribe']),
  topic: topicName,
  key: topicKey,
});
export type FollowCommand = z.infer<typeof followCommand>;

export const staffCommand = z.object({
  op: z.literal('staff'),
  token: z.string().check(z.maxLength(200)),
});

export const liveFrame = z.object({
  type: z.literal('live'),
  topic: topicName,
  key: topicKey,
  data: z.unknown(),
});
export type LiveFrame = z.infer<typeof liveFrame>;

export const staffFrame = z.object({ type: z.literal('staff'), signedIn: z.boolean() });
