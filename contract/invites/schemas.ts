import { z } from 'zod';
import { inviteCodeSchema } from '../auth/schemas.ts';
import { Code } from '../errors.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/** Invites (docs/rewards.md): a person's code, the friends it brought, their referral rewards. */
export const invitesFieldCodes = {
  code: { missing: Code.inviteCodeWrong, invalid: Code.inviteCodeWrong },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
} as const satisfies FieldCodeMap;

export const friend = z.object({
  /** Masked. */
  name: z.string(),
  joinedAt: z.string(),
  /** Their fees earn the referrer a share until then. */
  earnsUntil: z.string(),
  /** What their fees have earned the referrer: a sum of the statement. */
  earned: z.string(),
});

export const invites = z.object({
  code: z.string(),
  /** The sign-up address with the code, relative to the site. */
  link: z.string(),
  rules: z.object({
    sharePercent: z.string(),
    rewardDays: z.number().int(),
    bindHours: z.number().int(),
  }),
  friends: z.array(friend),
  friendsTotal: z.number().int(),
  /** Every referral reward the person has been paid: a ledger sum. */
  earned: z.string(),
  /** Whether the person may still enter a code (their own sign-up window), and until when. */
  bindUntil: z.string().nullable(),
  invitedBy: z.string().nullable(),
});
export type Invites = z.infer<typeof invites>;

export const invitesQuery = z.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 50).default(20),
});

export const referralRow = z.object({
  id: z.number().int(),
  at: z.string(),
  friend: z.string(),
  /** The fee's ledger kind (contract_fee, spot_fee). */
  feeKind: z.string(),
  fee: z.string(),
  sharePercent: z.string(),
  amount: z.string(),
});
export const referralStatement = z.object({ list: z.array(referralRow), total: z.number().int() });

export const bindInviteBody = z.object({ code: inviteCodeSchema }).strict();
