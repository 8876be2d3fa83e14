import { z } from 'zod';
import { Code } from '../errors.ts';
import { percentSchema, usdtAmount } from '../common/amounts.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/** Smart plans (docs/plans.md): products, subscriptions, the reserve behind them. */
export const PLAN_LIMITS = {
  pageSizeMax: 50,
  nameMax: 80,
  yieldSourceMax: 500,
  reasonMax: 500,
  cycleDaysMax: 3650,
  purchaseLimitMax: 1000,
  /** Products listed at most (staff create a handful). */
  productsMax: 200,
} as const;

/** earning; shared: matured, principal and every day's yield paid; expired: exited early. */
export const PLAN_STATUSES = ['earning', 'shared', 'expired'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PRODUCT_STATUSES = ['open', 'paused'] as const;

export const planFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  productId: { missing: Code.smartProductWrong, invalid: Code.smartProductWrong },
  amount: { missing: Code.investmentAmountWrong, invalid: Code.investmentAmountWrong },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  name: { missing: Code.paramWrong, invalid: Code.paramWrong },
  minAmount: { missing: Code.paramWrong, invalid: Code.paramWrong },
  maxAmount: { missing: Code.paramWrong, invalid: Code.paramWrong },
  cycleDays: { missing: Code.noMatchingDays, invalid: Code.noMatchingDays },
  dailyRatePercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  purchaseLimit: { missing: Code.paramWrong, invalid: Code.paramWrong },
  exitPenaltyPercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  yieldSource: { missing: Code.paramWrong, invalid: Code.paramWrong, multiline: true },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
} as const satisfies FieldCodeMap;

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(3).max(PLAN_LIMITS.reasonMax);

export const buySmartBody = z
  .object({ key: requestKeySchema, productId: id, amount: usdtAmount })
  .strict();
export type BuySmartBody = z.infer<typeof buySmartBody>;
export const planIdBody = z.object({ id }).strict();

export const listSmartQuery = z.object({
  status: z.enum(PLAN_STATUSES).optional(),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, PLAN_LIMITS.pageSizeMax).default(20),
});

/** A product's reserve, every figure a ledger sum. */
export const reserveFigures = z.object({
  /** The reserve account's balance. */
  balance: z.string(),
  /** Yield still owed to the open plans. */
  promised: z.string(),
  /** Yield actually paid out of the reserve in the last 7 and 30 days. */
  paid7d: z.string(),
  paid30d: z.string(),
});

export const planProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: z.literal('USDT'),
  minAmount: z.string(),
  maxAmount: z.string(),
  cycleDays: z.number().int(),
  dailyRatePercent: z.string(),
  purchaseLimit: z.number().int(),
  exitPenaltyPercent: z.string(),
  /** Where the yield comes from, as the operator states it. */
  yieldSource: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  /** Subscriptions the caller has made of it (0 when signed out). */
  bought: z.number().int(),
  reserve: reserveFigures,
});
export type PlanProduct = z.infer<typeof planProduct>;

export const planProducts = z.object({
  list: z.array(planProduct),
  /** The zone whose calendar days the yield is paid by. */
  timeZone: z.string(),
});

export const plan = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  status: z.enum(PLAN_STATUSES),
  amount: z.string(),
  dailyRatePercent: z.string(),
  cycleDays: z.number().int(),
  exitPenaltyPercent: z.string(),
  dailyYield: z.string(),
  daysPaid: z.number().int(),
  /** Days since the subscription (run time). */
  runDays: z.number().int(),
  /** Every yield paid to this plan: a ledger sum. */
  totalRevenue: z.string(),
  /** Paid today (the day that ended last night). */
  todayEarnings: z.string(),
  /** When the next day's yield is paid; null once ended. */
  nextEarningsAt: z.string().nullable(),
  /** The local day the last yield is for (profit-sharing days: first to last). */
  firstDay: z.string(),
  lastDay: z.string(),
  /** An exit now: the penalty and what comes back (null once ended). */
  exitPenalty: z.string().nullable(),
  exitReturns: z.string().nullable(),
  /** The penalty kept on an early exit. */
  penalty: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Plan = z.infer<typeof plan>;
export const planPage = z.object({ list: z.array(plan), total: z.number().int() });

export const planProductBody = z
  .object({
    /** Absent: a new product. */
    id: id.optional(),
    name: z.string().trim().min(1).max(PLAN_LIMITS.nameMax),
    minAmount: usdtAmount,
    maxAmount: usdtAmount,
    cycleDays: wholeNumber(1, PLAN_LIMITS.cycleDaysMax),
    dailyRatePercent: percentSchema,
    purchaseLimit: wholeNumber(1, PLAN_LIMITS.purchaseLimitMax),
    exitPenaltyPercent: percentSchema,
    yieldSource: z.string().trim().min(3).max(PLAN_LIMITS.yieldSourceMax),
    status: z.enum(PRODUCT_STATUSES),
    reason,
  })
  .strict();
export type PlanProductBody = z.infer<typeof planProductBody>;

export const fundReserveBody = z
  .object({ key: requestKeySchema, productId: id, amount: usdtAmount, reason })
  .strict();
export type FundReserveBody = z.infer<typeof fundReserveBody>;
