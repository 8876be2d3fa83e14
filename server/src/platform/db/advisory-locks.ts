import type { Tx } from './database.ts';

/**
 * The spaces of the transaction-scoped advisory locks (the first key of
 * `pg_advisory_xact_lock(int, int)`; the second is the person's id). Each serialises one
 * person's calls of a kind where a count must not be raced (live orders), without locking
 * the person's `users` row, whose lock every insert that names the person would wait on.
 * Taken first in its transaction, before any row lock (docs/ledger.md, "Lock order").
 */
export const LockSpace = {
  contractOpens: 1,
  optionBuys: 2,
  /** A person's unused deposit proofs (funds/proofs.ts). */
  proofUploads: 3,
  /** A person's withdrawals within their level's daily cap (funds/withdrawal-cap.ts). */
  withdrawals: 4,
  /** A person's subscriptions to one plan product, within its purchase limit (plans/plans.ts). */
  planBuys: 5,
  /** A person's one open loan (loans/loans.ts). */
  loanApplications: 6,
  /** A person's check-ins and task claims (rewards/). */
  rewards: 7,
  /**
   * Invite codes entered after sign-up (invites/), key 0: one at a time over the whole graph,
   * since a loop can close through any chain, and locking the people of a chain would take
   * locks in an order no rule fixes. Binds are rare (wallet and Google accounts, once).
   */
  inviteBinds: 8,
  /** A person's support messages: one open conversation, the flood limit (support/). */
  supportPeople: 9,
  /** The same for a visitor's chat (key: the visitor's id). */
  supportVisitors: 10,
  /** The support desk's assignment of waiting conversations to agents (key 0). */
  supportDesk: 11,
} as const;

export async function lockPerson(
  tx: Tx,
  space: (typeof LockSpace)[keyof typeof LockSpace],
  userId: number,
): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [space, userId]);
}
