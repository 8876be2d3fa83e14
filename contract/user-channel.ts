import * as z from 'zod/mini';

/**
 * The person's own live topic on the `/message` socket (contract/live.ts): after
 * `{"op":"auth","token":"…"}` with a live session token, the socket also receives topic
 * `account.events` (key `me`): that person's own events, each a nudge naming what changed (an
 * order, a position, a notification, a support chat message) so the app refetches it through
 * the API; `{"op":"auth","token":""}` stops them. Each auth command is answered with
 * `{"type":"auth","signedIn":…}`. The events carry no figures: what the screen shows always
 * comes from the API answer, which the ledger backs.
 */
export const USER_TOPICS = ['orders', 'positions', 'notifications', 'chat'] as const;
export type UserTopic = (typeof USER_TOPICS)[number];

export const userEvent = z.object({
  topic: z.enum(USER_TOPICS),
  /** The changed thing's id (an order, a position, a notification, a chat thread). */
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** When it changed, ms since the epoch. */
  at: z.number().check(z.int(), z.nonnegative()),
});
export type UserEvent = z.infer<typeof userEvent>;

/** Client to server: start (a session token) or stop (an empty one) this socket's user channel. */
export const authCommand = z.object({
  op: z.literal('auth'),
  token: z.string().check(z.maxLength(200)),
});

/** Server to client: the answer to an auth command (whether the user channel is now on). */
export const authFrame = z.object({ type: z.literal('auth'), signedIn: z.boolean() });
export type AuthFrame = z.infer<typeof authFrame>;

/** The key of a person's own topics: each socket receives only its own person's. */
export const OWN_KEY = 'me';

/** The person's own live topic (contract/live.ts). */
export const accountTopics = { 'account.events': userEvent } as const;
