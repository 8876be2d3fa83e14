import { z } from 'zod';
import { positiveDecimal } from '../common/amounts.ts';
import { wholeNumber } from '../whole-number.ts';
import { Code } from '../errors.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import { id } from '../trading/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Bounds of the spot calls (docs/spot.md). */
export const SPOT_LIMITS = {
  pageSizeMax: 100,
  /** Resting orders per person, pair and book. */
  openOrdersMax: 200,
  /** Price levels per side the depth answer and frames carry. */
  depthLevels: 20,
  /** Recent trades the book answer carries. */
  recentTrades: 30,
  /** Fills an order's detail lists (the rest are summed in the order's figures). */
  fillsShown: 200,
} as const;

export const SPOT_SIDES = ['buy', 'sell'] as const;
export const SPOT_TYPES = ['limit', 'market'] as const;
export const SPOT_TIFS = ['gtc', 'ioc', 'post_only'] as const;
/**
 * SPEC §4 spot statuses: waiting for fill (resting, maybe partly filled), filled, cancelled (by
 * the person, or what an IOC order could not fill), rejected (a post-only order that would have
 * traded at once), success (a market order that traded; any unfilled rest was cancelled).
 */
export const SPOT_STATUSES = ['waiting', 'filled', 'cancelled', 'rejected', 'success'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];

export const spotFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  code: { missing: Code.spotPairWrong, invalid: Code.spotPairWrong },
  side: { missing: Code.badRequest, invalid: Code.badRequest },
  type: { missing: Code.badRequest, invalid: Code.badRequest },
  tif: { missing: Code.badRequest, invalid: Code.badRequest },
  price: { missing: Code.priceTickWrong, invalid: Code.priceTickWrong },
  qty: { missing: Code.quantityLotWrong, invalid: Code.quantityLotWrong },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
} as const satisfies FieldCodeMap;

const pairCode = z.string().regex(/^[A-Z0-9]{2,16}$/);

export const pairParams = z.object({ code: pairCode });
export const idParams = z.object({ id });

export const spotPair = z.object({
  code: z.string(),
  /** "BTC/USDT". */
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  tickSize: z.string(),
  lotSize: z.string(),
  /** Least price x quantity of an order, in the quote coin. */
  minNotional: z.string(),
  /** Percent of what is received. */
  makerFeeRate: z.string(),
  takerFeeRate: z.string(),
  /** A market order fills no further than this percent from the feed price. */
  marketBand: z.string(),
});
export type SpotPair = z.infer<typeof spotPair>;

export const spotPairList = z.object({ list: z.array(spotPair) });

export const submitBody = z
  .object({
    key: requestKeySchema,
    code: pairCode,
    side: z.enum(SPOT_SIDES),
    type: z.enum(SPOT_TYPES),
    /** Limit orders: `gtc` (default) rests, `ioc` cancels what it cannot fill, `post_only` only rests. */
    tif: z.enum(SPOT_TIFS).optional(),
    /** The limit price (limit orders only). */
    price: positiveDecimal.optional(),
    /** Quantity of the base coin. */
    qty: positiveDecimal,
  })
  .strict();
export type SubmitBody = z.infer<typeof submitBody>;

export const chedanBody = z.object({ id }).strict();

export const listBbOrderQuery = z.object({
  /** `current`: waiting for fill; `history`: every ended order; or one SPEC §4 status. */
  status: z.enum(['current', 'history', ...SPOT_STATUSES]).optional(),
  code: pairCode.optional(),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, SPOT_LIMITS.pageSizeMax).default(20),
});

export const spotOrder = z.object({
  id: z.number().int(),
  code: z.string(),
  symbol: z.string(),
  book: z.enum(['demo', 'real']),
  side: z.enum(SPOT_SIDES),
  type: z.enum(SPOT_TYPES),
  tif: z.enum(SPOT_TIFS),
  /** The limit price, or a market order's price protection. */
  price: z.string().nullable(),
  qty: z.string(),
  filled: z.string(),
  /** Quote coin traded (price x quantity over the fills). */
  turnover: z.string(),
  /** turnover / filled, or null before a fill. */
  avgPrice: z.string().nullable(),
  /** Paid in the coin received (base when buying, quote when selling). */
  fee: z.string(),
  feeAsset: z.string(),
  /** Still set aside for the unfilled part. */
  held: z.string(),
  heldAsset: z.string(),
  status: z.enum(SPOT_STATUSES),
  /** Why an order was rejected or cut short (e.g. `would_take`, `protection`). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type SpotOrder = z.infer<typeof spotOrder>;

export const spotOrderPage = z.object({ list: z.array(spotOrder), total: z.number().int() });

export const spotFill = z.object({
  id: z.number().int(),
  price: z.string(),
  qty: z.string(),
  turnover: z.string(),
  /** This order's fee on the fill, in the order's fee coin. */
  fee: z.string(),
  role: z.enum(['maker', 'taker']),
  /** The other side was the platform's market maker. */
  counterpartyPlatform: z.boolean(),
  at: z.string(),
});

export const spotOrderDetail = spotOrder.extend({ fills: z.array(spotFill) });
export type SpotOrderDetail = z.infer<typeof spotOrderDetail>;

export const depthLevel = z.object({
  price: z.string(),
  qty: z.string(),
  /** Cumulative quantity from the best price to this level. */
  total: z.string(),
  /** Of `qty`, what the platform's market maker offers. */
  platformQty: z.string(),
  orders: z.number().int(),
});
export type DepthLevelView = z.infer<typeof depthLevel>;

export const recentTrade = z.object({
  id: z.number().int(),
  price: z.string(),
  qty: z.string(),
  /** The taker's side: a buy lifted an ask. */
  side: z.enum(SPOT_SIDES),
  at: z.number().int(),
});
export type RecentTrade = z.infer<typeof recentTrade>;

/** One pair's book in one ledger book (demo and real trade apart). */
export const spotBook = z.object({
  code: z.string(),
  book: z.enum(['demo', 'real']),
  bids: z.array(depthLevel),
  asks: z.array(depthLevel),
  trades: z.array(recentTrade),
  /** The last trade's price here, or null before the first. */
  last: z.string().nullable(),
  /** The feed's price the platform quotes around. */
  feedPrice: z.string().nullable(),
  /** Grows with every change, so a client keeps the newer of an answer and a frame. */
  seq: z.number().int(),
});
export type SpotBook = z.infer<typeof spotBook>;
