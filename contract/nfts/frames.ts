import * as z from 'zod/mini';

/**
 * A sale's state as the `/message` socket sends it: a client following topic `nfts.sale` with
 * the sale's id as key receives it after each bid, extension and end. The figures are the
 * committed rows'; the app refetches its page from the API with them. zod/mini, so the app's
 * live feed stays small.
 */
const decimal = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));
const count = z.number().check(z.int(), z.nonnegative());

export const nftSaleFrame = z.object({
  saleId: count,
  nftId: count,
  status: z.enum(['open', 'settled', 'unsold', 'withdrawn']),
  currentBid: z.nullable(decimal),
  minNextBid: decimal,
  bids: count,
  /** The leading bidder, masked. */
  leader: z.nullable(z.string().check(z.maxLength(40))),
  endsAt: z.string().check(z.maxLength(40)),
  /** The bid that made this frame (null for an end). */
  lastBid: z.nullable(
    z.object({
      id: count,
      amount: decimal,
      bidder: z.string().check(z.maxLength(40)),
      at: z.string(),
    }),
  ),
});
export type NftSaleFrame = z.infer<typeof nftSaleFrame>;

/** The NFTs' live topics (contract/live.ts): `nfts.sale`, keyed by sale id. */
export const nftTopics = { 'nfts.sale': nftSaleFrame } as const;
