import { z } from 'zod';
import { percentSchema, usdtAmount, usdtFigure } from '../common/amounts.ts';
import { Code } from '../errors.ts';
import { fileIdSchema } from '../files/schemas.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import { LANGUAGES } from '../languages.ts';
import { PRODUCT_STATUSES } from '../plans/schemas.ts';
import { decisionBody } from '../review.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/** Loans (docs/loans.md): products, applications with a signed agreement, repayment. */
export const LOAN_LIMITS = {
  pageSizeMax: 50,
  nameMax: 80,
  reasonMax: 500,
  termDaysMax: 3650,
  termsMax: 12,
  productsMax: 200,
} as const;

/**
 * The agreement's version: the clauses the app shows (locales/<lang>/loans.json `agreement.*`)
 * and the PDF prints. A change of their meaning is a new version; a signature on an older one is
 * refused (10204).
 */
export const LOAN_AGREEMENT_VERSION = '2026-11-27';
/** The agreement's clauses, in order; each worded with the figures in every language. */
export const AGREEMENT_CLAUSES = [
  'parties',
  'amount',
  'interest',
  'repayment',
  'early',
  'overdue',
  'review',
  'law',
] as const;

/** pending: under staff review; repaying; repaid; expired: overdue; rejected by staff. */
export const LOAN_STATUSES = ['pending', 'repaying', 'repaid', 'expired', 'rejected'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Why staff reject an application (worded by the app as `loans:reviewReason.<code>`). */
export const LOAN_REJECT_REASONS = [
  'identity_mismatch',
  'signature_unclear',
  'exposure',
  'other',
] as const;

export const loanFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  productId: { missing: Code.notFound, invalid: Code.notFound },
  amount: { missing: Code.amountInvalid, invalid: Code.amountInvalid },
  termDays: { missing: Code.loanTermWrong, invalid: Code.loanTermWrong },
  terms: { missing: Code.loanTermWrong, invalid: Code.loanTermWrong },
  agreementVersion: { missing: Code.agreementNotSigned, invalid: Code.agreementStale },
  signature: { missing: Code.agreementNotSigned, invalid: Code.agreementNotSigned },
  figures: { missing: Code.agreementStale, invalid: Code.agreementStale },
  language: { missing: Code.badRequest, invalid: Code.badRequest },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  name: { missing: Code.paramWrong, invalid: Code.paramWrong },
  minAmount: { missing: Code.paramWrong, invalid: Code.paramWrong },
  maxAmount: { missing: Code.paramWrong, invalid: Code.paramWrong },
  dailyRatePercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  freeDays: { missing: Code.paramWrong, invalid: Code.paramWrong },
  overdueRatePercent: { missing: Code.paramWrong, invalid: Code.paramWrong },
  decision: { missing: Code.badRequest, invalid: Code.badRequest },
  reasonCode: { missing: Code.reasonRequired, invalid: Code.reasonRequired },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
} as const satisfies FieldCodeMap;

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const termDays = wholeNumber(1, LOAN_LIMITS.termDaysMax);
const reason = z.string().trim().min(3).max(LOAN_LIMITS.reasonMax);

export const loanProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: z.literal('USDT'),
  minAmount: z.string(),
  maxAmount: z.string(),
  terms: z.array(z.number().int()),
  dailyRatePercent: z.string(),
  freeDays: z.number().int(),
  overdueRatePercent: z.string(),
  status: z.enum(PRODUCT_STATUSES),
});
export type LoanProduct = z.infer<typeof loanProduct>;

export const loanProducts = z.object({
  list: z.array(loanProduct),
  /** The lending account's balance: loans are paid out of it, never created. */
  lendingBalance: z.string(),
  /** Principal lent and not yet repaid. */
  outstanding: z.string(),
  /** The caller's largest loan by their identity level (null: verification needed). */
  personalMax: z.string().nullable(),
  timeZone: z.string(),
});

/** The figures shown before signing, as the server computes them (contract/loans/terms.ts). */
export const loanFiguresSchema = z.object({
  amount: z.string(),
  termDays: z.number().int(),
  dailyRatePercent: z.string(),
  annualPercent: z.string(),
  freeDays: z.number().int(),
  totalInterest: z.string(),
  totalRepay: z.string(),
  overdueRatePercent: z.string(),
  dailyDamages: z.string(),
  /** The repayment date if paid out today (the term runs from the payout). */
  repayBy: z.string(),
});
export type LoanFiguresView = z.infer<typeof loanFiguresSchema>;

export const loanAgreementQuery = z.object({
  productId: id,
  amount: usdtAmount,
  termDays,
});
export const loanAgreement = z.object({
  version: z.string(),
  productName: z.string(),
  clauses: z.array(z.string()),
  figures: loanFiguresSchema,
});
export type LoanAgreement = z.infer<typeof loanAgreement>;

export const loanBody = z
  .object({
    key: requestKeySchema,
    productId: id,
    amount: usdtAmount,
    termDays,
    agreementVersion: z.string().max(40),
    /** The figures the person saw: any difference from the server's answers 10204. */
    figures: z.object({ totalRepay: usdtAmount, totalInterest: usdtFigure }).strict(),
    /** The signature drawn on screen (uploadLoanSignature). */
    signature: fileIdSchema,
    language: z.enum(LANGUAGES),
  })
  .strict();
export type LoanBody = z.infer<typeof loanBody>;

export const loanUploadResult = z.object({ fileId: z.string() });

export const loan = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  status: z.enum(LOAN_STATUSES),
  amount: z.string(),
  termDays: z.number().int(),
  dailyRatePercent: z.string(),
  freeDays: z.number().int(),
  overdueRatePercent: z.string(),
  figures: loanFiguresSchema,
  agreementVersion: z.string(),
  agreementHash: z.string(),
  /** Local days: the first that accrues, and the repayment day (null until paid out). */
  firstDay: z.string().nullable(),
  dueDay: z.string().nullable(),
  daysAccrued: z.number().int(),
  interest: z.string(),
  damages: z.string(),
  /** What repaying now costs: principal, interest to date, damages (null once closed). */
  owed: z.string().nullable(),
  /** Each day's charge so far and to come, as the job accrues it. */
  schedule: z.array(
    z.object({
      day: z.number().int(),
      date: z.string(),
      interest: z.string(),
      damages: z.string(),
      owed: z.string(),
    }),
  ),
  repaidAmount: z.string().nullable(),
  reasonCode: z.string().nullable(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  repaidAt: z.string().nullable(),
});
export type Loan = z.infer<typeof loan>;

export const listLoanQuery = z.object({
  status: z.enum(LOAN_STATUSES).optional(),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, LOAN_LIMITS.pageSizeMax).default(20),
});
export const loanPage = z.object({ list: z.array(loan), total: z.number().int() });
export const loanIdParams = z.object({ id });
export const loanIdBody = z.object({ id }).strict();

export const loanProductBody = z
  .object({
    id: id.optional(),
    name: z.string().trim().min(1).max(LOAN_LIMITS.nameMax),
    minAmount: usdtAmount,
    maxAmount: usdtAmount,
    terms: z.array(termDays).min(1).max(LOAN_LIMITS.termsMax),
    dailyRatePercent: percentSchema,
    freeDays: wholeNumber(0, LOAN_LIMITS.termDaysMax),
    overdueRatePercent: percentSchema,
    status: z.enum(PRODUCT_STATUSES),
    reason,
  })
  .strict();
export type LoanProductBody = z.infer<typeof loanProductBody>;

export const fundLendingBody = z
  .object({ key: requestKeySchema, amount: usdtAmount, reason })
  .strict();

export const loanQueueQuery = z.object({
  status: z.enum(['pending', 'repaying', 'expired', 'repaid', 'rejected']).default('pending'),
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, LOAN_LIMITS.pageSizeMax).default(20),
});
export const loanQueueItem = loan.extend({
  userId: z.number().int(),
  username: z.string(),
  kycStatus: z.string(),
  /** The signature as stored (a staff file read is audited). */
  signatureFileId: z.string().nullable(),
});
export const loanQueue = z.object({ list: z.array(loanQueueItem), total: z.number().int() });
export const loanDecisionBody = decisionBody;
