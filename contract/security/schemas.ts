import { z } from 'zod';
import { Code } from '../errors.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Six digits from an authenticator app (RFC 6238). */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
/** A recovery code as shown (`XXXX-XXXX-XXXX-XXXX`), typed with or without dashes and spaces. */
export const recoveryCodeSchema = z.string().trim().min(16).max(24);

/** What proves the second factor for a sign-in or a protected action: one of the two. */
export const secondFactorSchema = z.union([
  z.object({ totp: totpCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/**
 * The browser's own random id, kept on the device: a sign-in from a device a second factor has
 * vouched for asks for the password only.
 */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const securityStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** After a security change, withdrawals wait until then (ISO time), or null. */
  withdrawalsHeldUntil: z.string().nullable(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

export const totpEnrolment = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://` URI the QR code carries. */
  uri: z.string(),
});

/** The account's password, when it has one: a session alone cannot enrol an authenticator. */
export const totpBeginBody = z.object({ password: z.string().min(1).max(128).optional() });
export const totpConfirmBody = z.object({ code: totpCodeSchema });
export const recoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export const secondFactorBody = z.object({ secondFactor: secondFactorSchema });

export const loginSecondFactorBody = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
  secondFactor: secondFactorSchema,
  device: deviceIdSchema.optional(),
});

export const securityFieldCodes = {
  code: { missing: Code.secondFactorWrong, invalid: Code.secondFactorWrong },
  secondFactor: { missing: Code.secondFactorRequired, invalid: Code.secondFactorWrong },
  ticket: { missing: Code.signInTicketExpired, invalid: Code.signInTicketExpired },
  device: { missing: Code.badRequest, invalid: Code.badRequest },
  password: { missing: Code.enterPassword, invalid: Code.passwordWrong },
} as const satisfies FieldCodeMap;
