import * as z from 'zod/mini';

/**
 * A pair's book as the `/message` socket sends it (and the engine leader hands every node over
 * the bus): a client following topic `spot.book` with the pair's code as key receives it
 * whenever the book changes, at most a few times a second, with the top levels of each side
 * and the latest trades. Whole levels rather than deltas:
 * a missed frame heals with the next one. zod/mini, so the app's live feed stays small.
 */
const decimal = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));
const count = z.number().check(z.int(), z.nonnegative());

const level = z.object({
  price: decimal,
  qty: decimal,
  total: decimal,
  platformQty: decimal,
  orders: count,
});

const trade = z.object({
  id: count,
  price: decimal,
  qty: decimal,
  side: z.enum(['buy', 'sell']),
  at: count,
});

export const spotBookFrame = z.object({
  type: z.literal('spot'),
  code: z.string().check(z.regex(/^[A-Z0-9]{2,16}$/)),
  book: z.enum(['demo', 'real']),
  bids: z.array(level).check(z.maxLength(50)),
  asks: z.array(level).check(z.maxLength(50)),
  /** Newest first. */
  trades: z.array(trade).check(z.maxLength(50)),
  last: z.nullable(decimal),
  feedPrice: z.nullable(decimal),
  seq: count,
});
export type SpotBookFrame = z.infer<typeof spotBookFrame>;

/** Spot's live topics (contract/live.ts): `spot.book`, keyed by pair code, both ledger books. */
export const spotTopics = { 'spot.book': spotBookFrame } as const;
