import { z } from 'zod';
import { amountSchema } from '../common/amounts.ts';
import { wholeNumber } from '../whole-number.ts';
import { isAddressFor, isIban, NETWORKS, normalizeIban } from './addresses.ts';
import { fromUnits, toUnits } from '../decimal.ts';
import { Code } from '../errors.ts';
import type { FieldCodeMap } from '../validate.ts';
import type { StaffRole } from '../admin/schemas.ts';
import { secondFactorSchema } from '../security/schemas.ts';

/** The coins the ledger holds (server/src/platform/db/migrations/003_ledger.sql) and their decimals. */
export const ASSETS = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export type Asset = (typeof ASSETS)[number];
export const ASSET_SCALE: Readonly<Record<Asset, number>> = { USDT: 6, USDC: 6, BTC: 8, ETH: 18 };

export const FUNDS_LIMITS = {
  /** SPEC §9: the proof image may be at most 2 MB. */
  proofBytesMax: 2 * 1024 * 1024,
  pageSizeMax: 100,
  reasonMax: 500,
  /** Largest amount a request may name: 10^12 of any coin. */
  amountDigitsMax: 12,
} as const;

/**
 * Staff who may read a deposit proof (the files kernel serves it to them and audits each read;
 * server/src/funds/files.ts declares the kind with these roles, getProof admits them).
 */
export const PROOF_STAFF_ROLES = ['admin', 'reviewer'] as const satisfies readonly StaffRole[];

/** Deposit and withdrawal statuses (SPEC §4). */
export const FUNDING_STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

export const fundsFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  asset: { missing: Code.assetWrong, invalid: Code.assetWrong },
  network: { missing: Code.assetWrong, invalid: Code.assetWrong },
  amount: { missing: Code.amountInvalid, invalid: Code.amountInvalid },
  txHash: { missing: Code.txHashWrong, invalid: Code.txHashWrong },
  last6: { missing: Code.last6Wrong, invalid: Code.last6Wrong },
  proofId: { missing: Code.proofRequired, invalid: Code.proofRequired },
  method: { missing: Code.badRequest, invalid: Code.badRequest },
  address: { missing: Code.addressMissing, invalid: Code.addressWrong },
  bankName: { missing: Code.bankDetailsMissing, invalid: Code.bankDetailsMissing },
  bankAddress: { missing: Code.bankDetailsMissing, invalid: Code.bankDetailsMissing },
  accountName: { missing: Code.bankDetailsMissing, invalid: Code.bankDetailsMissing },
  iban: { missing: Code.ibanWrong, invalid: Code.ibanWrong },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.assetWrong, invalid: Code.assetWrong },
  from: { missing: Code.addressWrong, invalid: Code.addressWrong },
  secondFactor: { missing: Code.secondFactorRequired, invalid: Code.secondFactorWrong },
} as const satisfies FieldCodeMap;

/** Whether `amount` has no more decimals than the asset keeps. */
export function fitsScale(amount: string, asset: Asset): boolean {
  const decimals = amount.split('.')[1] ?? '';
  return decimals.replace(/0+$/, '').length <= ASSET_SCALE[asset];
}

/**
 * The withdrawal fee on `amount` units at `ratePercent` (SPEC §9), rounded up to the coin's
 * smallest unit so the platform never charges less than it publishes. The form shows what the
 * server will charge because both run this.
 */
export function withdrawalFee(amount: bigint, ratePercent: string): bigint {
  const RATE_SCALE = 6;
  const denominator = 100n * 10n ** BigInt(RATE_SCALE);
  return (amount * toUnits(ratePercent, RATE_SCALE) + denominator - 1n) / denominator;
}

/** Units of `asset` as the shortest exact decimal string ("0.2", "10000"). */
export function showUnits(units: bigint, asset: Asset): string {
  const text = fromUnits(units, ASSET_SCALE[asset]);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** An idempotency key the app makes per form submission (a retry reuses it). */
export const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

const pageQuery = {
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, FUNDS_LIMITS.pageSizeMax).default(20),
};

export const fundingOption = z.object({
  asset: z.enum(ASSETS),
  network: z.enum(NETWORKS),
  scale: z.number().int(),
  /**
   * How deposits arrive: at each person's own address (`personal`, from `depositAddress`), at
   * one address of the platform's (`shared`, below), or not at all (`none`: withdrawals only).
   */
  deposit: z.enum(['personal', 'shared', 'none']),
  /** The platform's shared receiving address; null unless `deposit` is `shared`. */
  depositAddress: z.string().nullable(),
  minDeposit: z.string(),
  minWithdrawal: z.string(),
  /** Whether this coin can also be paid out to a bank account (stablecoins, 1:1 in USD). */
  bankWithdrawal: z.boolean(),
  /**
   * Set when deposits on this network are verified on the configured chain: a wallet may pay
   * them, and the proof screenshot is optional. `token` is the ERC-20 contract (null for ETH).
   */
  onChain: z
    .object({
      chainId: z.number().int(),
      token: z.string().nullable(),
      decimals: z.number().int(),
      confirmations: z.number().int(),
    })
    .nullable(),
});
export type FundingOption = z.infer<typeof fundingOption>;
export const fundingOptionsResult = z.object({
  options: z.array(fundingOption),
  /** Withdrawal fee in percent of the amount (SPEC §9), a decimal string. */
  withdrawFeeRate: z.string(),
});

export const depositAddressBody = z.object({
  asset: z.enum(ASSETS),
  network: z.enum(NETWORKS),
});
export const depositAddressResult = z.object({
  asset: z.enum(ASSETS),
  network: z.enum(NETWORKS),
  /** Where this person pays: their own address, or the platform's shared one. */
  address: z.string(),
  personal: z.boolean(),
});
export type DepositAddress = z.infer<typeof depositAddressResult>;

export const depositBody = z.object({
  key: requestKeySchema,
  asset: z.enum(ASSETS),
  network: z.enum(NETWORKS),
  amount: amountSchema,
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/),
  /** Required, with the proof, unless the network is verified on chain (`onChain`). */
  last6: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/)
    .optional(),
  proofId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type DepositBody = z.infer<typeof depositBody>;

/**
 * Where a deposit's on-chain check stands (docs/funds.md): `none` when it is reviewed from its
 * proof, `confirming` while the chain is read, `verified` once credited by it, `review` when the
 * check failed and staff decide (`checkCode` says why).
 */
export const CHAIN_CHECKS = ['none', 'confirming', 'verified', 'review'] as const;
export type ChainCheck = (typeof CHAIN_CHECKS)[number];

export const deposit = z.object({
  id: z.number().int(),
  asset: z.enum(ASSETS),
  network: z.enum(NETWORKS),
  amount: z.string(),
  txHash: z.string(),
  last6: z.string().nullable(),
  status: z.enum(FUNDING_STATUSES),
  /** The reviewer's reason, shown to the person on a rejection. */
  reason: z.string().nullable(),
  /** The review catalogue's reason (contract/funds/review-reasons.ts), worded by the app. */
  reasonCode: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  chainCheck: z.enum(CHAIN_CHECKS),
  /** Blocks on top of the payment so far, and how many the platform waits for. */
  confirmations: z.number().int().nullable(),
  confirmationsRequired: z.number().int().nullable(),
  /** Why the chain check sent it to review (a code of the catalogue, 10146-10150). */
  checkCode: z.number().int().nullable(),
  /** What the chain shows was transferred, when it was read. */
  chainAmount: z.string().nullable(),
  /** The paying address, as the chain shows it. */
  fromAddress: z.string().nullable(),
  /** Where it was paid. */
  depositAddress: z.string(),
  /** Declared by the person, or found at their own address by the platform. */
  source: z.enum(['declared', 'found']),
});
export type Deposit = z.infer<typeof deposit>;
export const depositResult = deposit.extend({ message: z.literal(Code.rechargeSubmitted) });

const bankFields = {
  bankName: z.string().trim().min(2).max(120),
  bankAddress: z.string().trim().min(2).max(200),
  accountName: z.string().trim().min(2).max(120),
  iban: z.string().max(42).refine(isIban).transform(normalizeIban),
};

export const withdrawalBody = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('crypto'),
      key: requestKeySchema,
      asset: z.enum(ASSETS),
      network: z.enum(NETWORKS),
      address: z.string().trim().min(1).max(100),
      amount: amountSchema,
      secondFactor: secondFactorSchema.optional(),
    }),
    z.object({
      method: z.literal('bank'),
      key: requestKeySchema,
      asset: z.enum(ASSETS),
      amount: amountSchema,
      ...bankFields,
      secondFactor: secondFactorSchema.optional(),
    }),
  ])
  .superRefine((body, ctx) => {
    if (body.method === 'crypto' && !isAddressFor(body.network, body.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'address' });
    }
  });
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

export const withdrawal = z.object({
  id: z.number().int(),
  asset: z.enum(ASSETS),
  method: z.enum(['crypto', 'bank']),
  network: z.enum(NETWORKS).nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAddress: z.string().nullable(),
  accountName: z.string().nullable(),
  iban: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  /** What arrives: amount minus fee. */
  received: z.string(),
  feeRate: z.string(),
  status: z.enum(FUNDING_STATUSES),
  reason: z.string().nullable(),
  /** The review catalogue's reason (contract/funds/review-reasons.ts), worded by the app. */
  reasonCode: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalResult = withdrawal.extend({
  message: z.literal(Code.withdrawalSubmitted),
});

export const fundingListQuery = z.object({
  ...pageQuery,
  status: z.enum(FUNDING_STATUSES).optional(),
  asset: z.enum(ASSETS).optional(),
});
export const depositList = z.object({ list: z.array(deposit), total: z.number().int() });
export const withdrawalList = z.object({ list: z.array(withdrawal), total: z.number().int() });

export const proofResult = z.object({ proofId: z.string() });

/**
 * "Find my transfer" on the configured chain: payments to the person's own address, or, where
 * the address is shared, from `from`, which must be a wallet linked to the account.
 */
export const chainTransfersQuery = z.object({
  asset: z.enum(ASSETS),
  from: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
});
export const chainTransfer = z.object({
  txHash: z.string(),
  amount: z.string(),
  blockNumber: z.number().int(),
  confirmations: z.number().int(),
  /** Already recorded as this person's deposit, or credited to anyone. */
  used: z.boolean(),
});
export type ChainTransfer = z.infer<typeof chainTransfer>;
export const chainTransferList = z.object({ list: z.array(chainTransfer) });

export const assetBalance = z.object({
  asset: z.enum(ASSETS),
  available: z.string(),
  /** Held for open withdrawals, bids, margin or orders. */
  frozen: z.string(),
  total: z.string(),
  /** `total` valued in USDT at `price`, 2 decimals; null when no live price is known. */
  usdtValue: z.string().nullable(),
  price: z.string().nullable(),
});
export type AssetBalance = z.infer<typeof assetBalance>;
export const balancesResult = z.object({
  book: z.enum(['demo', 'real']),
  assets: z.array(assetBalance),
  /** Sum of the valued assets in USDT, 2 decimals. */
  totalUsdt: z.string(),
});
export type BalancesResult = z.infer<typeof balancesResult>;
export const assetParams = z.object({ id: z.enum(ASSETS) });

export const transactionsQuery = z.object({ ...pageQuery, asset: z.enum(ASSETS).optional() });
export const transaction = z.object({
  id: z.number().int(),
  asset: z.enum(ASSETS),
  /** Negative when it left the person, unsigned when it came in or moved between their accounts. */
  amount: z.string(),
  /**
   * `in` and `out` cross to or from the platform; `internal` moves between the person's own
   * accounts (a hold, or its release), one record, neither income nor spending.
   */
  direction: z.enum(['in', 'out', 'internal']),
  /** The person's account it went to (in, internal) or came from (out). */
  purpose: z.enum(['available', 'held']),
  kind: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;
export const transactionList = z.object({ list: z.array(transaction), total: z.number().int() });

export const emptyBody = z.object({}).strict();
