import { z } from 'zod';
import { wholeNumber } from '../whole-number.ts';
import { Code } from '../errors.ts';
import { TIMEFRAMES } from './timeframes.ts';
import type { FieldCodeMap } from '../validate.ts';

export const MARKET_LIMITS = { pageSizeMax: 100, searchMax: 32, candlesMax: 1000 } as const;

export const marketFieldCodes = {
  type: { missing: Code.categoryWrong, invalid: Code.categoryWrong },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  search: { missing: Code.badRequest, invalid: Code.badRequest },
  code: { missing: Code.instrumentNotFound, invalid: Code.instrumentNotFound },
  id: { missing: Code.instrumentNotFound, invalid: Code.instrumentNotFound },
  timeframe: { missing: Code.noMatchingPeriod, invalid: Code.noMatchingPeriod },
  from: { missing: Code.timeRangeWrong, invalid: Code.timeRangeWrong },
  to: { missing: Code.timeRangeWrong, invalid: Code.timeRangeWrong },
  limit: { missing: Code.timeRangeWrong, invalid: Code.timeRangeWrong },
} as const satisfies FieldCodeMap;

const epochMs = wholeNumber(0, 8_640_000_000_000);

export const listMarketQuery = z.object({
  type: wholeNumber(1, 5),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, MARKET_LIMITS.pageSizeMax).default(50),
  search: z.string().trim().max(MARKET_LIMITS.searchMax).optional(),
});

/** A market list entry (SPEC §3 market item). Prices are decimal strings. */
export const marketItem = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.number().int(),
  appName: z.string(),
  logo: z.string(),
  precision: z.number().int(),
  /** Last price, or null before the first tick. */
  price: z.string().nullable(),
  /** 24h change in percent, 2 decimals. */
  zdf: z.string(),
  /** The last 100 prices, oldest first (SPEC §9 mini chart). */
  hundred: z.array(z.string()),
  /** Whether the market is in its trading hours now. */
  open: z.boolean(),
  /** True when prices come from the simulator (the UI labels them). */
  simulated: z.boolean(),
});
export type MarketItem = z.infer<typeof marketItem>;

export const marketList = z.object({
  list: z.array(marketItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const marketIdParams = z.object({
  id: wholeNumber(1, 2 ** 31 - 1),
});
export const marketInfo = marketItem.extend({
  base: z.string(),
  quote: z.string(),
  high24h: z.string().nullable(),
  low24h: z.string().nullable(),
  volume24h: z.string(),
});
export type MarketInfo = z.infer<typeof marketInfo>;

export const klineQuery = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9.]{1,16}$/),
    timeframe: z.enum(TIMEFRAMES),
    from: epochMs.optional(),
    to: epochMs.optional(),
    limit: wholeNumber(1, MARKET_LIMITS.candlesMax).default(300),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['from'] });

/** A candle: open time (ms since epoch, UTC), then open, high, low, close, volume. */
export const candle = z.object({
  t: z.number().int(),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  c: z.string(),
  v: z.string(),
});
export type CandleDto = z.infer<typeof candle>;
export const candleList = z.array(candle);

/** Home page figures, computed from the database (never typed in). */
export const homeStats = z.object({
  registeredUsers: z.number().int(),
  listedInstruments: z.number().int(),
  /** Sum of price x volume over the last 24 hours of recorded trades, in USD. */
  volume24hUsd: z.string(),
  /** Trading fee in percent, from the parameters. */
  tradingFeeRate: z.string(),
  /** True when the recorded trades are simulated. */
  simulated: z.boolean(),
});
export type HomeStats = z.infer<typeof homeStats>;

export const watchBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9.]{1,16}$/),
});
/** The watched markets, in the shape of a market list so live updates apply to it alike. */
export const watchList = z.object({ list: z.array(marketItem) });
