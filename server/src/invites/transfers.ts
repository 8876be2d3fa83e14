import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    referral_reward: true;
  }
}

/** Invites' movement: a referrer's share of a friend's trading fee, out of the fees taken. */
export const INVITES_TRANSFERS: TransferSet = {
  owner: 'invites',
  prefixes: ['invite'],
  kinds: ['referral_reward'],
};

/** One reward per fee transfer, whoever runs the job. */
export const referralKey = (feeTransferId: number) => `invite:fee:${feeTransferId}`;
