/**
 * Why staff reject a deposit or a withdrawal (the review queue's catalogue, docs/review.md):
 * each is worded for the person in ten languages (`funds:reviewReason.<code>`), beside the
 * reviewer's note. `other`: the note alone says why.
 */
export const DEPOSIT_REJECT_REASONS = [
  'proof_unreadable',
  'payment_not_found',
  'amount_mismatch',
  'sender_not_verified',
  'other',
] as const;

export const WITHDRAWAL_REJECT_REASONS = [
  'destination_invalid',
  'name_mismatch',
  'compliance_check',
  'other',
] as const;
