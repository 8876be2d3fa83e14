import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as i from './schemas.ts';

const fields = i.invitesFieldCodes;

/** Invites' calls (docs/rewards.md). */
export const invitesRoutes = {
  getInvites: route({
    ...paths.getInvites,
    summary:
      "The person's invite code and link, the rules (share of fees, for how long), the friends it brought (masked) and what they earned",
    tag: 'invites',
    auth: 'session',
    query: i.invitesQuery,
    result: i.invites,
    fields,
  }),
  listReferralRewards: route({
    ...paths.listReferralRewards,
    summary: 'The itemised statement of referral rewards: each fee, the share, the amount',
    tag: 'invites',
    auth: 'session',
    query: i.invitesQuery,
    result: i.referralStatement,
    fields,
  }),
  bindInvite: route({
    ...paths.bindInvite,
    summary:
      "Enter a friend's invite code within the sign-up window (wallet and Google accounts); one's own code, a loop or a late code is refused and recorded",
    tag: 'invites',
    auth: 'session',
    body: i.bindInviteBody,
    result: i.invites,
    fields,
  }),
} as const;
