import { z } from 'zod';
import { usdtAmount } from '../common/amounts.ts';
import { Code } from '../errors.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Rewards (docs/rewards.md): the daily check-in and the task rewards (SPEC §9). */
export const REWARD_TASKS = ['trade', 'verify'] as const;
export type RewardTask = (typeof REWARD_TASKS)[number];
/** SPEC §4's task statuses (claim, claimed), with the task not yet done and the claim expired. */
export const TASK_STATUSES = ['incomplete', 'claim', 'claimed', 'expired'] as const;
/** What completes a task: three of these (SPEC §9). */
export const TASK_TARGET = 3;

export const rewardsFieldCodes = {
  timeZone: { missing: Code.badRequest, invalid: Code.badRequest },
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  amount: { missing: Code.paramWrong, invalid: Code.paramWrong },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
} as const satisfies FieldCodeMap;

const count = z.object({ done: z.number().int(), of: z.number().int() });

export const checkinState = z.object({
  /** SPEC §4: not signed, signed today. */
  today: z.enum(['not_signed', 'signed']),
  /** Consecutive days up to today (or yesterday, before today's check-in). */
  streak: z.number().int(),
  /** What today's check-in gives (or gave). */
  todayAmount: z.string(),
  /** What tomorrow's gives if the streak goes on. */
  nextAmount: z.string(),
  /** The person's local day and zone (fixed at the first check-in). */
  day: z.string(),
  timeZone: z.string(),
  /** The streak's amounts, day 1 onwards (the last repeats). */
  amounts: z.array(z.string()),
  /** The last days checked in, newest first. */
  recent: z.array(z.object({ day: z.string(), streak: z.number().int(), amount: z.string() })),
});

export const taskView = z.object({
  task: z.enum(REWARD_TASKS),
  status: z.enum(TASK_STATUSES),
  amount: z.string(),
  /** trade: contract and option trades in the real book; verify: identity and plans. */
  progress: z.object({
    contract: count.optional(),
    option: count.optional(),
    verified: z.boolean().optional(),
    plans: count.optional(),
  }),
  /** The last moment the reward may be claimed. */
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const rewards = z.object({
  checkin: checkinState,
  tasks: z.array(taskView),
  /** The pool rewards are paid from: its balance, a ledger figure. */
  pool: z.string(),
});
export type Rewards = z.infer<typeof rewards>;

export const checkinBody = z
  .object({
    timeZone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/),
  })
  .strict();
export const checkinResult = z.object({ checkin: checkinState, amount: z.string() });
export const claimBody = z.object({}).strict();
export const claimResult = z.object({ task: taskView });

export const rewardsPool = z.object({
  balance: z.string(),
  paid7d: z.string(),
  paid30d: z.string(),
  checkinsToday: z.number().int(),
  claims: z.number().int(),
});
export const fundPoolBody = z
  .object({
    key: requestKeySchema,
    amount: usdtAmount,
    reason: z.string().trim().min(3).max(500),
  })
  .strict();
