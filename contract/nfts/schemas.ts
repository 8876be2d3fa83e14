import { z } from 'zod';
import { percentSchema, usdtAmount } from '../common/amounts.ts';
import { Code } from '../errors.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/** Charity NFTs (docs/nfts.md): the catalogue, its sales, bids and donations. */
export const NFT_LIMITS = {
  pageSizeMax: 50,
  /** Bids a sale's history shows at most (newest first). */
  historyMax: 100,
  reasonMax: 500,
  /** An auction runs at most this long (days). */
  durationDaysMax: 60,
  extendMinutesMax: 60,
  creatorMax: 120,
} as const;

/**
 * open: taking bids; settled: sold to its winner; unsold: ended with no bid; withdrawn: staff
 * stopped it (the leading bid released).
 */
export const SALE_STATUSES = ['open', 'settled', 'unsold', 'withdrawn'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
/** leading: its hold is open; outbid, released: given back; won: paid the sale. */
export const BID_STATUSES = ['leading', 'outbid', 'won', 'released'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
/** The market's filters: on auction, with buy-now, sold. */
export const MARKET_FILTERS = ['all', 'live', 'buyNow', 'sold'] as const;

export const nftFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  saleId: { missing: Code.collectibleStatusWrong, invalid: Code.collectibleStatusWrong },
  nftId: { missing: Code.notFound, invalid: Code.notFound },
  amount: { missing: Code.bidTooLow, invalid: Code.bidTooLow },
  filter: { missing: Code.badRequest, invalid: Code.badRequest },
  creator: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  startPrice: { missing: Code.paramWrong, invalid: Code.paramWrong },
  minIncrementPercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  extendMinutes: { missing: Code.paramWrong, invalid: Code.paramWrong },
  buyNowPrice: { missing: Code.paramWrong, invalid: Code.paramWrong },
  charityPercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  creatorPercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  feePercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  durationMinutes: { missing: Code.paramWrong, invalid: Code.paramWrong },
  creatorUserId: { missing: Code.noMatchingUser, invalid: Code.noMatchingUser },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
} as const satisfies FieldCodeMap;

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(3).max(NFT_LIMITS.reasonMax);

/** Where an NFT lives on chain, and who holds it there (read from the chain when one is set). */
export const nftChain = z.object({
  chainId: z.number().int(),
  contract: z.string(),
  tokenId: z.string(),
  /** Explorer pages of the token and the contract; null without CHAIN_EXPLORER_URL. */
  tokenUrl: z.string().nullable(),
  contractUrl: z.string().nullable(),
  /**
   * `read`: `owner` is what the chain answered now (null: the token is not minted yet);
   * `unavailable`: no chain configured for this contract, or the node did not answer.
   */
  ownerStatus: z.enum(['read', 'unavailable']),
  owner: z.string().nullable(),
});
export type NftChain = z.infer<typeof nftChain>;

/** How a sale's price is shared, in percent (adding up to 100), shown before any bid. */
export const saleSplit = z.object({
  charityPercent: z.string(),
  creatorPercent: z.string(),
  feePercent: z.string(),
});

/** A sale's terms and state; every figure from its rows and the ledger. */
export const nftSale = z.object({
  id: z.number().int(),
  nftId: z.number().int(),
  status: z.enum(SALE_STATUSES),
  startPrice: z.string(),
  minIncrementPercent: z.string(),
  /** A bid this many minutes before the end moves the end to this long after it. */
  extendMinutes: z.number().int(),
  buyNowPrice: z.string().nullable(),
  split: saleSplit,
  startsAt: z.string(),
  endsAt: z.string(),
  originalEndsAt: z.string(),
  /** The leading bid, or null before the first. */
  currentBid: z.string().nullable(),
  /** The least the next bid may be. */
  minNextBid: z.string(),
  bids: z.number().int(),
  /** The leading bidder, masked; `leading` is whether that is the caller. */
  leader: z.string().nullable(),
  leading: z.boolean(),
  /** Whether the caller is the creator (who may not bid). */
  own: z.boolean(),
  /** A settled sale's price and masked winner, and what it gave the charity (ledger sum). */
  finalPrice: z.string().nullable(),
  winner: z.string().nullable(),
  donated: z.string(),
  endedAt: z.string().nullable(),
});
export type NftSale = z.infer<typeof nftSale>;

export const nft = z.object({
  id: z.number().int(),
  name: z.string(),
  creator: z.string(),
  image: z.string(),
  startingPrice: z.string(),
  asset: z.string(),
  chain: nftChain,
  /** The open sale, or else the latest one; null if it was never offered. */
  sale: nftSale.nullable(),
  /** Everything its sales gave the charity: a ledger sum. */
  donated: z.string(),
  /** Its owner on the platform (masked) once sold; `ownedByYou` for the caller. */
  owner: z.string().nullable(),
  ownedByYou: z.boolean(),
});
export type Nft = z.infer<typeof nft>;

export const nftListQuery = z.object({
  filter: z.enum(MARKET_FILTERS).default('all'),
  creator: z.string().trim().min(1).max(NFT_LIMITS.creatorMax).optional(),
});
export type NftListQuery = z.infer<typeof nftListQuery>;
export const nftList = z.object({
  list: z.array(nft),
  /** Every creator, for the market's filter. */
  creators: z.array(z.string()),
});

/** A bid in a sale's history: server time, masked bidder, whether it is the caller's. */
export const saleBid = z.object({
  id: z.number().int(),
  amount: z.string(),
  bidder: z.string(),
  mine: z.boolean(),
  kind: z.enum(['bid', 'buy_now']),
  status: z.enum(BID_STATUSES),
  at: z.string(),
});
export type SaleBid = z.infer<typeof saleBid>;

export const nftIdParams = z.object({ id });
export const nftDetail = z.object({
  nft,
  /** The current (or latest) sale's bids, newest first. */
  history: z.array(saleBid),
  /** The server's time, so the countdown does not trust the device's clock. */
  serverTime: z.string(),
});
export type NftDetail = z.infer<typeof nftDetail>;

export const bidBody = z.object({ key: requestKeySchema, saleId: id, amount: usdtAmount }).strict();
export type BidBody = z.infer<typeof bidBody>;
/** Buy-now at the sale's price (SPEC §7 buyNft); answered with 20004. */
export const buyNftBody = z.object({ key: requestKeySchema, saleId: id }).strict();
export type BuyNftBody = z.infer<typeof buyNftBody>;
export const bidResult = z.object({
  bid: saleBid,
  sale: nftSale,
  message: z.literal(Code.purchaseSuccessful).optional(),
});

const pageQuery = {
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, NFT_LIMITS.pageSizeMax).default(20),
};
export const myNftsQuery = z.object(pageQuery);
/**
 * Where the token is on its way to the owner's wallet (NFT_CUSTODY_KEY set): pending, waiting
 * for a linked wallet (10021), sending (the transaction, not mined yet), sent, failed (staff
 * look into it). Null where sold NFTs stay on the platform's record.
 */
export const nftDelivery = z.object({
  status: z.enum(['pending', 'no_address', 'sending', 'sent', 'failed']),
  toAddress: z.string().nullable(),
  txHash: z.string().nullable(),
  /** The transaction on the explorer, with CHAIN_EXPLORER_URL. */
  txUrl: z.string().nullable(),
});
export type NftDelivery = z.infer<typeof nftDelivery>;
export const ownedNft = z.object({
  nft,
  saleId: z.number().int(),
  price: z.string(),
  acquiredAt: z.string(),
  delivery: nftDelivery.nullable(),
});
export const myNfts = z.object({ list: z.array(ownedNft), total: z.number().int() });

export const myBidsQuery = z.object(pageQuery);
export const myBid = saleBid.extend({
  saleId: z.number().int(),
  nftId: z.number().int(),
  nftName: z.string(),
  saleStatus: z.enum(SALE_STATUSES),
});
export const myBids = z.object({ list: z.array(myBid), total: z.number().int() });

export const donationsQuery = z.object(pageQuery);
/** A settled sale behind the donations: its price and the charity's share (ledger sums). */
export const donationSale = z.object({
  saleId: z.number().int(),
  nftId: z.number().int(),
  nftName: z.string(),
  price: z.string(),
  charity: z.string(),
  winner: z.string(),
  settledAt: z.string(),
});
export const donations = z.object({
  total: z.string(),
  perNft: z.array(z.object({ nftId: z.number().int(), nftName: z.string(), donated: z.string() })),
  sales: z.array(donationSale),
  salesTotal: z.number().int(),
});

export const adminSalesQuery = z.object({
  status: z.enum(SALE_STATUSES).optional(),
  ...pageQuery,
});
export const adminSale = nftSale.extend({
  nftName: z.string(),
  creatorUserId: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type AdminSale = z.infer<typeof adminSale>;
export const adminSales = z.object({ list: z.array(adminSale), total: z.number().int() });

export const saleBody = z
  .object({
    nftId: id,
    creatorUserId: id.optional(),
    startPrice: usdtAmount,
    minIncrementPercent: percentSchema,
    extendMinutes: wholeNumber(0, NFT_LIMITS.extendMinutesMax),
    buyNowPrice: usdtAmount.optional(),
    charityPercent: percentSchema,
    creatorPercent: percentSchema,
    feePercent: percentSchema,
    /** From now (the sale starts at once). */
    durationMinutes: wholeNumber(1, NFT_LIMITS.durationDaysMax * 24 * 60),
    reason,
  })
  .strict();
export type SaleBody = z.infer<typeof saleBody>;
export const withdrawSaleBody = z.object({ saleId: id, reason }).strict();
