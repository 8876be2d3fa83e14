import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    deposit: true;
    withdrawal_hold: true;
    withdrawal: true;
    withdrawal_released: true;
    demo_grant: true;
    demo_reset: true;
    adjust_credit: true;
    adjust_debit: true;
  }
}

/** Funds' movements: deposits, withdrawals, the demo book, staff adjustments. */
export const FUNDS_TRANSFERS: TransferSet = {
  owner: 'funds',
  prefixes: ['deposit', 'withdrawal', 'adjust', 'demo-grant', 'demo-reset'],
  kinds: [
    'deposit',
    'withdrawal_hold',
    'withdrawal',
    'withdrawal_released',
    'demo_grant',
    'demo_reset',
    'adjust_credit',
    'adjust_debit',
  ],
};

export const fundsKey = {
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
