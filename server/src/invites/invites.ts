import { Code } from '../../../contract/errors.ts';
import type { Invites as InvitesView } from '../../../contract/invites/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { trimDecimal } from '../money/amounts.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { maskName } from '../platform/mask.ts';
import type { Ledger } from '../ledger/ledger.ts';

/** The platform's parameters as this capability reads them (docs/rewards.md). */
export interface InvitesParams {
  get(
    key: 'invite_fee_share_percent' | 'invite_reward_days' | 'invite_bind_hours',
  ): Promise<string>;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * How far up an invite chain a loop is looked for. The walk bounds itself here; a chain longer
 * than this is refused as a loop rather than taken unchecked.
 */
const CHAIN_MAX = 10_000;
/** The invite graph's one lock key (LockSpace.inviteBinds). */
const INVITE_GRAPH = 0;

type Refusal = 'self' | 'loop' | 'late' | 'unknown' | 'already';
const REFUSAL_CODES = {
  self: Code.inviteSelf,
  loop: Code.inviteLoop,
  late: Code.inviteLate,
  already: Code.inviteLate,
  unknown: Code.inviteCodeWrong,
} as const;

interface Person {
  id: number;
  username: string;
  invite_code: string;
  invited_by: number | null;
  inviter_name: string | null;
  created_at: Date;
}

/**
 * Invite friends (docs/rewards.md): a person's code and link, the sign-ups it brought (masked),
 * and the referral rewards their fees earned, itemised. A code is taken at sign-up, or within
 * the sign-up window for accounts made by wallet or Google; one's own code, a loop and a late
 * code are refused, and each refusal is recorded with its reason.
 */
export class Invites {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly params: InvitesParams,
    private readonly now: () => number,
  ) {}

  private async rules() {
    const [share, days, hours] = await Promise.all([
      this.params.get('invite_fee_share_percent'),
      this.params.get('invite_reward_days'),
      this.params.get('invite_bind_hours'),
    ]);
    return { sharePercent: share, rewardDays: Number(days), bindHours: Number(hours) };
  }

  private async person(q: Queryable, userId: number, lock = false): Promise<Person> {
    const [row] = await q.query<Person>(
      `select u.id, u.username, u.invite_code, u.invited_by, i.username as inviter_name,
              u.created_at
         from users u left join users i on i.id = u.invited_by where u.id = $1
         ${lock ? 'for no key update of u' : ''}`,
      [userId],
    );
    assert(row !== undefined, () => `user ${userId} vanished`);
    return row;
  }

  async view(userId: number, q: { page: number; size: number }): Promise<InvitesView> {
    const rules = await this.rules();
    const me = await this.person(this.db, userId);
    const friends = await this.db.query<{ username: string; created_at: Date; earned: string }>(
      `select f.username, f.created_at,
              (select coalesce(sum(r.amount), 0)::text from referral_rewards r
                where r.referrer_id = $1 and r.friend_id = f.id) as earned
         from users f where f.invited_by = $1 order by f.created_at desc, f.id desc
        limit $2 offset $3`,
      [userId, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from users where invited_by = $1',
      [userId],
    );
    const bindEnds = new Date(me.created_at).getTime() + rules.bindHours * HOUR_MS;
    return {
      code: me.invite_code,
      link: `/pass/register?invite=${encodeURIComponent(me.invite_code)}`,
      rules,
      friends: friends.map((f) => ({
        name: maskName(f.username),
        joinedAt: new Date(f.created_at).toISOString(),
        earnsUntil: new Date(
          new Date(f.created_at).getTime() + rules.rewardDays * DAY_MS,
        ).toISOString(),
        earned: trimDecimal(f.earned),
      })),
      friendsTotal: count?.n ?? 0,
      earned: await this.earned(userId),
      bindUntil:
        me.invited_by === null && bindEnds > this.now() ? new Date(bindEnds).toISOString() : null,
      invitedBy: me.inviter_name === null ? null : maskName(me.inviter_name),
    };
  }

  /** What the person's referrals paid them: the ledger's sum, checked against the statement. */
  private async earned(userId: number): Promise<string> {
    const [row] = await this.db.query<{ ledger: string; statement: string }>(
      `select (select coalesce(sum(t.amount), 0)::text from ledger_transfers t
                 join ledger_accounts a on a.id = t.to_account
                where a.user_id = $1 and t.kind = 'referral_reward') as ledger,
              (select coalesce(sum(amount), 0)::text from referral_rewards
                where referrer_id = $1) as statement`,
      [userId],
    );
    const ledger = trimDecimal(row?.ledger ?? '0');
    // The job writes both in one transaction: they must agree.
    assert(ledger === trimDecimal(row?.statement ?? '0'), () => `referrals of ${userId} disagree`);
    return ledger;
  }

  async statement(userId: number, q: { page: number; size: number }) {
    const rows = await this.db.query<{
      id: number;
      created_at: Date;
      friend: string;
      fee_kind: string;
      fee: string;
      share_percent: string;
      amount: string;
    }>(
      `select r.id, r.created_at, f.username as friend, r.fee_kind, r.fee::text,
              r.share_percent::text, r.amount::text
         from referral_rewards r join users f on f.id = r.friend_id
        where r.referrer_id = $1 order by r.id desc limit $2 offset $3`,
      [userId, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from referral_rewards where referrer_id = $1',
      [userId],
    );
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.created_at).toISOString(),
        friend: maskName(r.friend),
        feeKind: r.fee_kind,
        fee: trimDecimal(r.fee),
        sharePercent: trimDecimal(r.share_percent),
        amount: trimDecimal(r.amount),
      })),
      total: count?.n ?? 0,
    };
  }

  /** A code entered after the account exists: taken within the window, else refused. */
  async bind(userId: number, code: string): Promise<InvitesView> {
    const rules = await this.rules();
    const refusal = await this.ledger.atomically(async (tx) => {
      // The graph's lock, not the person's: two people entering each other's codes at once
      // would each see no loop before the other's bind commits.
      await lockPerson(tx, LockSpace.inviteBinds, INVITE_GRAPH);
      const me = await this.person(tx, userId, true);
      const verdict = await this.verdict(tx, me, code, rules.bindHours);
      if (verdict.refusal !== undefined) {
        await tx.query('insert into invite_refusals (user_id, code, reason) values ($1, $2, $3)', [
          userId,
          code,
          verdict.refusal,
        ]);
        return verdict.refusal;
      }
      await tx.query('update users set invited_by = $2 where id = $1 and invited_by is null', [
        userId,
        verdict.inviter,
      ]);
      return undefined;
    });
    if (refusal !== undefined) {
      throw new AppError(REFUSAL_CODES[refusal], { field: 'code' });
    }
    return this.view(userId, { page: 1, size: 20 });
  }

  private async verdict(
    tx: Tx,
    me: Person,
    code: string,
    bindHours: number,
  ): Promise<{ refusal: Refusal; inviter?: undefined } | { refusal?: undefined; inviter: number }> {
    if (code === me.invite_code) return { refusal: 'self' };
    const [inviter] = await tx.query<{ id: number }>(
      'select id from users where invite_code = $1',
      [code],
    );
    if (inviter === undefined) return { refusal: 'unknown' };
    // A loop: the code's owner was brought, directly or up their chain, by this person.
    const [walk] = await tx.query<{ loop: boolean; unended: boolean }>(
      `with recursive up (id, invited_by, depth) as (
         select id, invited_by, 1 from users where id = $1
         union all
         select u.id, u.invited_by, up.depth + 1 from users u join up on u.id = up.invited_by
          where up.depth < $3 and up.invited_by <> $2)
       select bool_or(invited_by = $2) as loop,
              bool_or(depth = $3 and invited_by is not null) as unended from up`,
      [inviter.id, me.id, CHAIN_MAX],
    );
    if (walk?.loop === true || walk?.unended === true) return { refusal: 'loop' };
    if (me.invited_by !== null) return { refusal: 'already' };
    if (new Date(me.created_at).getTime() + bindHours * HOUR_MS <= this.now()) {
      return { refusal: 'late' };
    }
    return { inviter: Number(inviter.id) };
  }
}
