import { z } from 'zod';
import { wholeNumber } from '../whole-number.ts';
import { Code } from '../errors.ts';
import { amountSchema, positiveText } from '../common/amounts.ts';
import { decimalWithin } from '../common/decimal-text.ts';
import {
  ASSETS,
  deposit,
  FUNDING_STATUSES,
  FUNDS_LIMITS,
  requestKeySchema,
  transaction,
  withdrawal,
  assetBalance,
} from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';
import { EDITABLE_PARAMS } from '../params.ts';

/** Staff roles: admin does everything; reviewer works the queues; support only reads. */
export const STAFF_ROLES = ['admin', 'reviewer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const adminFieldCodes = {
  username: { missing: Code.enterAccount, invalid: Code.usernameWrong },
  password: { missing: Code.enterPassword, invalid: Code.passwordWeak },
  role: { missing: Code.badRequest, invalid: Code.badRequest },
  id: { missing: Code.notFound, invalid: Code.notFound },
  userId: { missing: Code.noMatchingUser, invalid: Code.noMatchingUser },
  decision: { missing: Code.badRequest, invalid: Code.badRequest },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
  reasonCode: { missing: Code.reasonRequired, invalid: Code.reasonRequired },
  kind: { missing: Code.badRequest, invalid: Code.badRequest },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  q: { missing: Code.badRequest, invalid: Code.badRequest },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  book: { missing: Code.badRequest, invalid: Code.badRequest },
  asset: { missing: Code.assetWrong, invalid: Code.assetWrong },
  amount: { missing: Code.amountInvalid, invalid: Code.amountInvalid },
  direction: { missing: Code.badRequest, invalid: Code.badRequest },
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  value: { missing: Code.paramWrong, invalid: Code.paramWrong },
  code: { missing: Code.spotPairWrong, invalid: Code.spotPairWrong },
  levels: { missing: Code.paramWrong, invalid: Code.paramWrong },
  spreadBps: { missing: Code.paramWrong, invalid: Code.paramWrong },
  stepBps: { missing: Code.paramWrong, invalid: Code.paramWrong },
  levelValue: { missing: Code.paramWrong, invalid: Code.paramWrong },
} as const satisfies FieldCodeMap;

/**
 * Typed in a text area: line breaks and tabs are kept (`multiline` above); other control
 * characters are refused for every field by `validate` (contract/validate.ts).
 */
const reasonSchema = z.string().trim().min(3).max(FUNDS_LIMITS.reasonMax);
const page = {
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(20),
};

export const staffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffLoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export const staffLoginResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
  staff: staffSchema,
});

export const queueQuery = z.object({
  ...page,
  status: z.enum(FUNDING_STATUSES).default('pending'),
});
const queueUser = { userId: z.number().int(), username: z.string() };
export const depositQueue = z.object({
  list: z.array(
    deposit.extend({
      ...queueUser,
      proofId: z.string().nullable(),
      /**
       * Other deposits already credited from this payment (its coin in its transaction): a chain
       * transfer is credited once, so approving this one answers 10130.
       */
      credited: z.array(z.object({ depositId: z.number().int(), ...queueUser })),
    }),
  ),
  total: z.number().int(),
});
export const withdrawalQueue = z.object({
  list: z.array(withdrawal.extend(queueUser)),
  total: z.number().int(),
});

export const userSearchQuery = z.object({ ...page, q: z.string().trim().max(100).default('') });
export const userSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
});
export const userSearchResult = z.object({ list: z.array(userSummary), total: z.number().int() });

export const userLedgerQuery = z.object({
  ...page,
  userId: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  book: z.enum(['demo', 'real']).default('real'),
});
export const userLedgerResult = z.object({
  user: userSummary,
  balances: z.array(assetBalance),
  list: z.array(transaction),
  total: z.number().int(),
});

export const adjustBody = z.object({
  key: requestKeySchema,
  userId: z.number().int().positive(),
  asset: z.enum(ASSETS),
  book: z.enum(['demo', 'real']),
  direction: z.enum(['credit', 'debit']),
  amount: amountSchema,
  reason: reasonSchema,
});

/** Parameters staff may edit, each with the rule its capability declares (contract/params.ts). */
export { EDITABLE_PARAMS };
export const paramItem = z.object({
  key: z.enum(EDITABLE_PARAMS),
  value: z.string(),
  updatedAt: z.string(),
});
export const paramList = z.object({ list: z.array(paramItem) });
export const setParamBody = z.object({
  key: z.enum(EDITABLE_PARAMS),
  // Empty is allowed so an app link can be switched off; every other rule refuses it.
  value: z.string().max(300),
  reason: reasonSchema,
});

/**
 * The platform market maker's settings for one spot pair (docs/spot.md): how many levels it
 * quotes each side, the first level's distance from the feed price and each next one's, in
 * basis points, and each level's worth in the quote coin. The same bounds as the table's checks.
 */
const makerSettingsFields = {
  levels: z.number().int().min(0).max(20),
  spreadBps: z.number().int().min(1).max(1000),
  stepBps: z.number().int().min(1).max(1000),
  /** A positive decimal of at most 6 places, at most 10,000,000 of the quote coin. */
  levelValue: positiveText({ whole: 8, decimals: 6 }).refine((v) =>
    decimalWithin(v, '0', '10000000', 6),
  ),
};
/** As the server answers them (the bounds are the body's to check). */
export const makerSettingsItem = z.object({
  code: z.string(),
  symbol: z.string(),
  quote: z.string(),
  levels: z.number().int(),
  spreadBps: z.number().int(),
  stepBps: z.number().int(),
  levelValue: z.string(),
});
export type MakerSettingsItem = z.infer<typeof makerSettingsItem>;
export const makerSettingsList = z.object({ list: z.array(makerSettingsItem) });
export const setMakerSettingsBody = z
  .object({ code: z.string().max(20), ...makerSettingsFields, reason: reasonSchema })
  .strict();

export const auditEntry = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({ ...page });
export const auditList = z.object({ list: z.array(auditEntry), total: z.number().int() });

export const createStaffBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/),
  password: z
    .string()
    .min(12)
    .max(128)
    .regex(/[A-Za-z]/)
    .regex(/\d/),
  role: z.enum(STAFF_ROLES),
});
export const proofParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
