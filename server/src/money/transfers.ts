/**
 * What a ledger movement is (the `kind` on each transfer, which the transaction record names)
 * and the idempotency key of each movement the platform makes: one builder per cause, so two
 * causes can never produce the same key and a retried cause always produces its own again.
 */
export type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal'
  | 'withdrawal_released'
  | 'demo_grant'
  | 'demo_reset'
  | 'adjust_credit'
  | 'adjust_debit';

export const transferKey = {
  /** A deposit credited (by staff approval or the chain check: the same key, credited once). */
  depositCredit: (depositId: number) => `deposit:${depositId}:approve`,
  /** A withdrawal request's hold; `requestKey` is the person's own (16-64 characters). */
  withdrawalHold: (userId: number, requestKey: string) => `withdrawal:${userId}:${requestKey}`,
  /** A withdrawal's hold settled or released by staff. */
  withdrawalReview: (withdrawalId: number, decision: 'approve' | 'reject') =>
    `withdrawal:${withdrawalId}:${decision}`,
  /** A staff adjustment; `requestKey` is the back office form's own. */
  adjustment: (staffId: number, requestKey: string) => `adjust:${staffId}:${requestKey}`,
  /** The demo book's grant, once per person and reset generation. */
  demoGrant: (userId: number, generation: number) => `demo-grant:${userId}:${generation}`,
  /** One coin of a demo reset. */
  demoReset: (userId: number, generation: number, asset: string) =>
    `demo-reset:${userId}:${generation}:${asset}`,
} as const;
