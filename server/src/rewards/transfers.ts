import type { ReserveAccount } from '../ledger/ledger.ts';
import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    reward_checkin: true;
    reward_task: true;
    reward_pool_funding: true;
  }
}

/** Rewards' movements: check-ins and task rewards out of the pool, and the pool's funding. */
export const REWARDS_TRANSFERS: TransferSet = {
  owner: 'rewards',
  prefixes: ['reward', 'reward-fund'],
  kinds: ['reward_checkin', 'reward_task', 'reward_pool_funding'],
};

/** The only account rewards are paid from; the operator funds it. */
export const REWARDS_POOL: ReserveAccount = 'reserve:rewards:pool';

export const rewardsKey = {
  checkin: (userId: number, day: string) => `reward:checkin:${userId}:${day}`,
  task: (userId: number, task: string) => `reward:task:${userId}:${task}`,
  funding: (staffId: number, requestKey: string) => `reward-fund:${staffId}:${requestKey}`,
} as const;
