import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as r from './schemas.ts';

const fields = r.rewardsFieldCodes;

/** Rewards' calls (docs/rewards.md). */
export const rewardsRoutes = {
  getRewards: route({
    ...paths.getRewards,
    summary:
      "The welfare page: today's check-in and the streak, each task's progress counted from the person's real records, its reward and status, and the pool's balance",
    tag: 'rewards',
    auth: 'session',
    result: r.rewards,
    fields,
  }),
  qiandao: route({
    ...paths.qiandao,
    summary:
      "Check in for today (SPEC §7): once per calendar day in the person's zone (fixed at the first check-in), paid from the rewards pool by the streak's amount",
    tag: 'rewards',
    auth: 'session',
    body: r.checkinBody,
    result: r.checkinResult,
    fields,
  }),
  lingqu2: route({
    ...paths.lingqu2,
    summary: 'Claim the trading task reward (3 contract or 3 option trades in the real book), once',
    tag: 'rewards',
    auth: 'session',
    body: r.claimBody,
    result: r.claimResult,
    fields,
  }),
  lingqu3: route({
    ...paths.lingqu3,
    summary: 'Claim the identity task reward (verified, and 3 smart plan subscriptions), once',
    tag: 'rewards',
    auth: 'session',
    body: r.claimBody,
    result: r.claimResult,
    fields,
  }),
  adminRewardsPool: route({
    ...paths.adminRewardsPool,
    summary: 'The rewards pool: balance and what it paid in the last 7 and 30 days',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer', 'support'],
    result: r.rewardsPool,
    fields,
  }),
  fundRewardsPool: route({
    ...paths.fundRewardsPool,
    summary: "Put the operator's money into the rewards pool, with a reason (audit log)",
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: r.fundPoolBody,
    result: r.rewardsPool,
    fields,
  }),
} as const;
