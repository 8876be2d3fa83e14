import * as z from 'zod/mini';
import { tick } from './market/price-feed.ts';
import { nftSaleFrame } from './nfts/frames.ts';
import { spotBookFrame } from './spot/frames.ts';
import { supportDelivery } from './support/frames.ts';
import { userEvent } from './user-channel.ts';

/**
 * The channels between nodes (Redis when REDIS_URL is set, in-process otherwise). Each message
 * is JSON checked against its schema on arrival, so one node cannot hand another a malformed
 * frame; the bounds keep one message from holding a node's memory.
 */
export const busChannels = {
  /** The feed leader's accepted ticks, for every node's live state. */
  'market.ticks': z.array(tick).check(z.maxLength(10_000)),
  /** A person's event, for whichever node holds their sockets. */
  'user.events': z.object({ userId: z.number().check(z.int(), z.positive()), event: userEvent }),
  /**
   * A contract order's triggers changed (opened, placed, edited, closed, cancelled) on some node:
   * the engine leader reloads it from the database.
   */
  'trading.orders': z.object({ orderId: z.number().check(z.int(), z.positive()) }),
  /** A spot book changed on the engine leader: every node keeps the latest for its sockets. */
  'spot.book': spotBookFrame,
  /** A charity sale changed (a bid, an extension, its end) on some node, for every node's sockets. */
  'nfts.sale': nftSaleFrame,
  /** A support conversation changed on some node, for the sockets of its two sides. */
  'support.live': supportDelivery,
  /**
   * A spot command (an order or a cancel) taken by a node that does not run the books, for the
   * leader; `payload` is checked against the call's own schema on arrival.
   */
  'spot.commands': z.object({
    node: z.string().check(z.regex(/^[a-f0-9-]{36}$/)),
    id: z.number().check(z.int(), z.positive()),
    payload: z.string().check(z.maxLength(4_096)),
  }),
  /** The leader's answer to a forwarded spot command, for the node that sent it. */
  'spot.results': z.object({
    node: z.string().check(z.regex(/^[a-f0-9-]{36}$/)),
    id: z.number().check(z.int(), z.positive()),
    payload: z.string().check(z.maxLength(16_384)),
  }),
} as const;

export type BusChannel = keyof typeof busChannels;
export type BusMessage<C extends BusChannel> = z.infer<(typeof busChannels)[C]>;
