/** The `/message` websocket (SPEC §7): text frames holding an array of these. */
export const MESSAGE_PATH = '/message';

export interface PriceUpdate {
  code: string;
  /** Decimal string, the instrument's precision. */
  price: string;
  /** 24h change in percent, 2 decimals. */
  zdf: string;
  /** Time of the tick, ms since the epoch (ours; lets a client show how fresh a price is). */
  ts: number;
}

/**
 * The richer channel for one instrument on the same socket: a client sends
 * `{"op":"subscribe","code":"BTCUSDT"}` (or `"unsubscribe"`), at most MAX_SUBSCRIPTIONS codes,
 * and then also receives, as objects rather than arrays, every tick of those codes.
 */
export const MAX_SUBSCRIPTIONS = 5;

export interface SubscribeCommand {
  op: 'subscribe' | 'unsubscribe';
  code: string;
}

export interface TicksMessage {
  type: 'ticks';
  code: string;
  /** In time order: price and volume are decimal strings, ts ms since the epoch. */
  ticks: { price: string; volume: string; ts: number }[];
}
