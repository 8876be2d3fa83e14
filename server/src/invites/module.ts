import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Database } from '../platform/db/database.ts';
import { Invites, type InvitesParams } from './invites.ts';
import { referralJob } from './referral-job.ts';
import { invitesRoutes } from './routes.ts';

export interface InvitesNeeds {
  db: Database;
  ledger: Ledger;
  params: InvitesParams;
  now: () => number;
}

export type InvitesModule = Capability & { invites: Invites };

/** Invite friends (docs/rewards.md): codes, the friends they brought, referral rewards. */
export function invitesModule({ db, ledger, params, now }: InvitesNeeds): InvitesModule {
  const invites = new Invites(db, ledger, params, now);
  const rules = async () => ({
    sharePercent: await params.get('invite_fee_share_percent'),
    rewardDays: Number(await params.get('invite_reward_days')),
  });
  return {
    name: 'invites',
    invites,
    routes: (r) => invitesRoutes(r, invites),
    jobs: [referralJob(ledger, rules, now)],
  };
}
