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
  | 'adjust_debit'
  | 'contract_fee'
  | 'contract_margin'
  | 'contract_margin_released'
  | 'contract_profit'
  | 'contract_loss'
  | 'contract_order_hold'
  | 'contract_order_released'
  | 'option_stake'
  | 'option_stake_released'
  | 'option_payout'
  | 'option_lost';

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
  /** A contract opened at market (margin held, fee charged) or placed at a limit (both held). */
  contractOpen: (userId: number, requestKey: string, leg: 'margin' | 'fee' | 'order') =>
    `contract:${userId}:${requestKey}:${leg}`,
  /** A waiting contract reached its limit: the order hold released, the fee, the margin held. */
  contractFill: (orderId: number, leg: 'release' | 'fee' | 'margin') =>
    `contract-fill:${orderId}:${leg}`,
  /** A contract closed (margin released, profit or loss) or cancelled while waiting. */
  contractEnd: (orderId: number, leg: 'release' | 'profit' | 'cancel') =>
    `contract-end:${orderId}:${leg}`,
  /** An option's stake held at purchase. */
  optionStake: (userId: number, requestKey: string) => `option:${userId}:${requestKey}`,
  /** An option settled: the stake released or lost, the payout paid. */
  optionSettle: (optionId: number, leg: 'stake' | 'payout') => `option-settle:${optionId}:${leg}`,
} as const;
