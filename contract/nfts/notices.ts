import { z } from 'zod';

const amount = z.string();
const id = z.number().int().positive();
const name = z.string().max(120);

/** Charity NFT sales' notices (merged in contract/notifications/schemas.ts). */
export const nftsNotices = [
  /** Someone bid more: the person's bid is released to their available balance. */
  z.object({
    kind: z.literal('nfts.outbid'),
    saleId: id,
    nftId: id,
    nftName: name,
    amount,
    newBid: amount,
  }),
  /** The sale settled to the person: they own the NFT. */
  z.object({ kind: z.literal('nfts.won'), saleId: id, nftId: id, nftName: name, price: amount }),
  /** Staff withdrew the sale: the person's leading bid is released. */
  z.object({ kind: z.literal('nfts.withdrawn'), saleId: id, nftId: id, nftName: name, amount }),
  /** The sale settled to someone else (every other bidder). */
  z.object({ kind: z.literal('nfts.lost'), saleId: id, nftId: id, nftName: name, price: amount }),
] as const;

export const NFTS_MANDATORY = ['nfts.won'] as const;
