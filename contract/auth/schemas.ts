import { z } from 'zod';
import { deviceIdSchema } from '../security/schemas.ts';
import { Code } from '../errors.ts';
import { LANGUAGES } from '../languages.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Limits of the account forms; docs/api.md repeats them for integrators. */
export const AUTH_LIMITS = {
  usernamePattern: /^[A-Za-z][A-Za-z0-9_]{2,19}$/,
  passwordMin: 8,
  passwordMax: 64,
  emailMax: 254,
  codeDigits: 6,
} as const;

export const usernameSchema = z.string().trim().regex(AUTH_LIMITS.usernamePattern);
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(AUTH_LIMITS.emailMax)
  .pipe(z.email());
export const passwordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMin)
  .max(AUTH_LIMITS.passwordMax)
  .regex(/[A-Za-z]/)
  .regex(/[0-9]/);
export const areaCodeSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{0,3}$/);
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{4,15}$/);
export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const inviteCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,12}$/);

/** Field -> codes for every auth form (SPEC §5 messages mapped to the catalogue). */
export const authFieldCodes = {
  device: { missing: Code.badRequest, invalid: Code.badRequest },
  username: { missing: Code.enterAccount, invalid: Code.usernameWrong },
  email: { missing: Code.emailWrong, invalid: Code.emailWrong },
  password: { missing: Code.enterPassword, invalid: Code.passwordWeak },
  oldPassword: { missing: Code.enterPassword, invalid: Code.passwordWrong },
  account: { missing: Code.enterAccount, invalid: Code.enterAccount },
  areaCode: { missing: Code.phoneWrong, invalid: Code.phoneWrong },
  phone: { missing: Code.phoneWrong, invalid: Code.phoneWrong },
  code: { missing: Code.enterCode, invalid: Code.codeWrong },
  inviteCode: { missing: Code.inviteCodeWrong, invalid: Code.inviteCodeWrong },
  value: { missing: Code.enterAccount, invalid: Code.badRequest },
  lang: { missing: Code.languageWrong, invalid: Code.languageWrong },
} as const satisfies FieldCodeMap;

export const checkAccountQuery = z.discriminatedUnion('type', [
  z.object({ type: z.literal('username'), value: usernameSchema }),
  z.object({ type: z.literal('email'), value: emailSchema }),
  z.object({ type: z.literal('phone'), areaCode: areaCodeSchema, value: phoneSchema }),
]);
export const checkAccountResult = z.object({ exists: z.boolean() });

export const codePurposeSchema = z.enum(['register', 'reset']);
/** `lang`: the language of the message; the Accept-Language header when absent. */
const messageLanguage = z.enum(LANGUAGES).optional();
export const sendCodeBody = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('email'),
    purpose: codePurposeSchema,
    email: emailSchema,
    lang: messageLanguage,
  }),
  z.object({
    channel: z.literal('sms'),
    purpose: codePurposeSchema,
    lang: messageLanguage,
    areaCode: areaCodeSchema,
    phone: phoneSchema,
  }),
]);
export const sendCodeResult = z.object({
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

const registerCommon = {
  username: usernameSchema,
  password: passwordSchema,
  code: codeSchema,
  inviteCode: inviteCodeSchema.optional(),
};
export const registerBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: emailSchema, ...registerCommon }),
  z.object({
    method: z.literal('phone'),
    areaCode: areaCodeSchema,
    phone: phoneSchema,
    ...registerCommon,
  }),
]);

export const loginBody = z.object({
  account: z.string().trim().min(1).max(AUTH_LIMITS.emailMax),
  password: z.string().min(1).max(128),
  /** The browser's own id (security/schemas.ts): a device the second factor vouched for. */
  device: deviceIdSchema.optional(),
});

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  inviteCode: z.string(),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
  book: z.enum(['demo', 'real']),
  /** False for accounts opened by wallet or Google sign-in that never set one. */
  hasPassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
  userInfo: userInfoSchema,
});
export type LoginResult = z.infer<typeof loginResult>;

export const repasswordBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('reset'),
    email: emailSchema,
    code: codeSchema,
    password: passwordSchema,
  }),
  z.object({
    mode: z.literal('change'),
    oldPassword: z.string().min(1).max(128),
    password: passwordSchema,
  }),
]);

export const emptyResult = z.null();
