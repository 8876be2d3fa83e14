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
