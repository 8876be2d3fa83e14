import { z } from 'zod';
import { positiveDecimal } from '../common/amounts.ts';
import { wholeNumber } from '../whole-number.ts';
import { Code } from '../errors.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Bounds of the trading calls (docs/trading.md). */
export const TRADING_LIMITS = {
  pageSizeMax: 100,
  /** Open and waiting contracts per person and book. */
  openOrdersMax: 200,
  /** Waiting and open contracts on the whole platform: the trigger engine holds 3 per order. */
  liveOrdersMax: 1_000_000,
  /** Open options per person and book. */
  openOptionsMax: 200,
  /** Option periods the parameter may list. */
  periodsMax: 10,
} as const;

export const SIDES = ['long', 'short'] as const;
export const ORDER_TYPES = ['market', 'limit'] as const;
/** SPEC §4 order statuses: waiting to open, open, closed, cancelled. */
export const U_STATUSES = ['waiting', 'open', 'closed', 'cancelled'] as const;
export const CLOSE_REASONS = ['manual', 'take_profit', 'stop_loss', 'liquidation'] as const;
export const DIRECTIONS = ['up', 'down'] as const;
export const OPTION_STATUSES = ['open', 'settled'] as const;
export const OPTION_OUTCOMES = ['won', 'lost', 'draw'] as const;

export const tradingFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  instrumentId: { missing: Code.instrumentNotFound, invalid: Code.instrumentNotFound },
  side: { missing: Code.badRequest, invalid: Code.badRequest },
  type: { missing: Code.badRequest, invalid: Code.badRequest },
  price: { missing: Code.limitPriceWrong, invalid: Code.limitPriceWrong },
  lots: { missing: Code.purchaseAmountWrong, invalid: Code.purchaseAmountWrong },
  leverage: { missing: Code.purchaseAmountWrong, invalid: Code.purchaseAmountWrong },
  stopLoss: { missing: Code.stopLossWrong, invalid: Code.stopLossWrong },
  takeProfit: { missing: Code.takeProfitWrong, invalid: Code.takeProfitWrong },
  seconds: { missing: Code.noMatchingPeriod, invalid: Code.noMatchingPeriod },
  direction: { missing: Code.optionsProductWrong, invalid: Code.optionsProductWrong },
  amount: { missing: Code.purchaseAmountWrong, invalid: Code.purchaseAmountWrong },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
} as const satisfies FieldCodeMap;

/** A stored row's id in a path or body. */
export const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);

const pageQuery = {
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, TRADING_LIMITS.pageSizeMax).default(20),
};

export const idParams = z.object({ id });

/** A price tick a fill or settlement used, as stored with it. */
export const storedTick = z.object({
  code: z.string(),
  /** The feed's mid price at that tick. */
  price: z.string(),
  /** Milliseconds since the epoch. */
  ts: z.number().int(),
});

export const buyUBody = z
  .object({
    key: requestKeySchema,
    instrumentId: id,
    side: z.enum(SIDES),
    type: z.enum(ORDER_TYPES),
    /** The limit price (limit orders only). */
    price: positiveDecimal.optional(),
    lots: positiveDecimal,
    leverage: wholeNumber(1, 1000),
    stopLoss: positiveDecimal,
    takeProfit: positiveDecimal,
  })
  .strict();

export const orderIdBody = z.object({ id }).strict();

export const updateUBody = z
  .object({ id, stopLoss: positiveDecimal, takeProfit: positiveDecimal })
  .strict();

export const listUOrderQuery = z.object({
  /** `current`: waiting and open; otherwise one SPEC §4 status. */
  status: z.enum(['current', ...U_STATUSES]).optional(),
  /** One instrument's orders only (a market's page lists them under its chart). */
  instrumentId: id.optional(),
  ...pageQuery,
});

export const uOrder = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  code: z.string(),
  book: z.enum(['demo', 'real']),
  side: z.enum(SIDES),
  type: z.enum(ORDER_TYPES),
  status: z.enum(U_STATUSES),
  lots: z.string(),
  contractSize: z.string(),
  leverage: z.number().int(),
  limitPrice: z.string().nullable(),
  stopLoss: z.string(),
  takeProfit: z.string(),
  /** USDT held for the position. */
  margin: z.string(),
  fee: z.string(),
  /** Fee rate and maintenance margin rate the order was placed with, in percent. */
  feeRate: z.string(),
  maintenanceRate: z.string(),
  openPrice: z.string().nullable(),
  openTick: storedTick.nullable(),
  liquidationPrice: z.string().nullable(),
  closePrice: z.string().nullable(),
  closeTick: storedTick.nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  /** Realised profit (negative: loss) in USDT, fee not included; null until closed. */
  profit: z.string().nullable(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type UOrder = z.infer<typeof uOrder>;

export const uOrderPage = z.object({ list: z.array(uOrder), total: z.number().int() });

export const buyOptionsBody = z
  .object({
    key: requestKeySchema,
    instrumentId: id,
    seconds: wholeNumber(1, 31 * 86_400),
    direction: z.enum(DIRECTIONS),
    amount: positiveDecimal,
  })
  .strict();

export const listOptionsQuery = z.object({
  status: z.enum(OPTION_STATUSES).optional(),
  /** One instrument's options only. */
  instrumentId: id.optional(),
  ...pageQuery,
});

export const optionOrder = z.object({
  id: z.number().int(),
  instrumentId: z.number().int(),
  code: z.string(),
  book: z.enum(['demo', 'real']),
  direction: z.enum(DIRECTIONS),
  seconds: z.number().int(),
  /** Payout rate as a fraction ("0.85": a win pays the stake and 85 % of it). */
  payout: z.string(),
  amount: z.string(),
  status: z.enum(OPTION_STATUSES),
  openPrice: z.string(),
  openTick: storedTick,
  expiresAt: z.string(),
  settlePrice: z.string().nullable(),
  settleTick: storedTick.nullable(),
  outcome: z.enum(OPTION_OUTCOMES).nullable(),
  /** What was paid back at settlement (stake x (1 + payout), the stake, or 0). */
  paid: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OptionOrder = z.infer<typeof optionOrder>;

export const optionOrderPage = z.object({ list: z.array(optionOrder), total: z.number().int() });

export const profitTotal = z.object({
  book: z.enum(['demo', 'real']),
  /** Realised profit of closed contracts, fees not included. */
  contracts: z.string(),
  /** Fees paid on the closed contracts. */
  fees: z.string(),
  /**
   * Fees paid at open on the positions still open: part of those positions' result, not yet
   * realised (decisions.md 41).
   */
  openFees: z.string(),
  /** What settled options paid back, less their stakes. */
  options: z.string(),
  /** contracts - fees + options: what closed trades made, nothing of an open position. */
  total: z.string(),
});

export const optionPeriod = z.object({
  seconds: z.number().int(),
  payout: z.string(),
  min: z.string(),
  max: z.string(),
});
export type OptionPeriod = z.infer<typeof optionPeriod>;

export const contractSpec = z.object({
  contractSize: z.string(),
  lotMin: z.string(),
  lotStep: z.string(),
  lotMax: z.string(),
  leverages: z.array(z.number().int()),
  /** Percent of the notional, charged at open. */
  feeRate: z.string(),
  /** Percent of the notional left when a position is liquidated. */
  maintenanceRate: z.string(),
});

export const tradingInfo = z.object({
  instrumentId: z.number().int(),
  code: z.string(),
  precision: z.number().int(),
  /** Whether the market is open now (trading hours). */
  open: z.boolean(),
  /** The next opening, when closed (milliseconds since the epoch); null when open. */
  opensAt: z.number().int().nullable(),
  /** The last tick's mid, and the bid and ask around it; null before the first tick. */
  mid: z.string().nullable(),
  bid: z.string().nullable(),
  ask: z.string().nullable(),
  tickTs: z.number().int().nullable(),
  /** Null where contracts are not offered on this instrument. */
  contract: contractSpec.nullable(),
  options: z.array(optionPeriod),
});
