/**
 * Kinds of ledger movement the person's transaction record names (funds.json `kinds`);
 * anything newer shows as "other". Platform-only kinds are left out: the funding of a smart
 * plan's reserve (plan_reserve_funding) and of the lending account (loan_lending_funding) move
 * the operator's money between platform accounts and are never on a person's record.
 */
export const RECORD_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_released',
  'demo_grant',
  'demo_reset',
  'adjust_credit',
  'adjust_debit',
  'contract_fee',
  'contract_margin',
  'contract_margin_released',
  'contract_profit',
  'contract_loss',
  'contract_order_hold',
  'contract_order_released',
  'option_stake',
  'option_stake_released',
  'option_payout',
  'option_lost',
  'spot_hold',
  'spot_release',
  'spot_trade',
  'spot_fee',
  'spot_maker_funding',
  'plan_principal_hold',
  'plan_principal_returned',
  'plan_exit_penalty',
  'plan_yield',
  'loan_payout',
  'loan_principal_repaid',
  'loan_interest',
  'loan_damages',
  'nft_bid_hold',
  'nft_bid_released',
  'nft_charity',
  'nft_creator',
  'nft_fee',
  'nft_creator_paid',
  'reward_checkin',
  'reward_task',
  'referral_reward',
] as const;

/** The record's word for a movement: its own kind, or "other" for one it does not know. */
export function recordKind(kind: string): string {
  return (RECORD_KINDS as readonly string[]).includes(kind) ? kind : 'other';
}
