import * as z from 'zod/mini';

/**
 * The frames of the `/message` websocket (SPEC §7) and of the bus between nodes, as schemas
 * both sides parse. They use zod/mini, whose functions tree-shake, so the app's live feed
 * checks what it receives without carrying the whole of zod.
 */
export const MESSAGE_PATH = '/message';

const instrumentCode = z.string().check(z.regex(/^[A-Z0-9.]{1,16}$/));
const decimal = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));
const signedDecimal = z.string().check(z.regex(/^-?\d{1,30}(\.\d{1,18})?$/));
const epochMs = z.number().check(z.int(), z.nonnegative());

/** One instrument's new price in the SPEC §7 price list. */
export const priceUpdate = z.object({
  code: instrumentCode,
  /** Decimal string, the instrument's precision. */
  price: decimal,
  /** 24h change in percent, 2 decimals. */
  zdf: signedDecimal,
  /** Time of the tick, ms since the epoch (ours; lets a client show how fresh a price is). */
  ts: epochMs,
});
export type PriceUpdate = z.infer<typeof priceUpdate>;

/** Server to client: the SPEC §7 price list, every instrument that moved since the last frame. */
export const priceListFrame = z.array(priceUpdate);

/** One recorded trade price of an instrument. */
export const tick = z.object({
  code: instrumentCode,
  /** Decimal string with the instrument's precision. */
  price: decimal,
  /** Decimal string quantity traded at this price (0 when the source gives none). */
  volume: decimal,
  /** Milliseconds since the epoch. */
  ts: epochMs,
});
