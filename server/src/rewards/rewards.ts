import { Code } from '../../../contract/errors.ts';
import {
  REWARD_TASKS,
  type RewardTask,
  type Rewards as RewardsView,
  type TaskView,
} from '../../../contract/rewards/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { LedgerError, type Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { addDays, localDate } from '../platform/jobs/slots.ts';
import { isComplete, progressOf, type RewardProgress } from './tasks.ts';
import { REWARDS_POOL, rewardsKey } from './transfers.ts';

/** The platform's parameters as this capability reads them (docs/rewards.md). */
export interface RewardsParams {
  get(
    key:
      | 'rewards_checkin_amounts'
      | 'rewards_task_trade_amount'
      | 'rewards_task_verify_amount'
      | 'rewards_task_days',
  ): Promise<string>;
}

const DAY_MS = 86_400_000;
/** Check-ins the welfare page lists. */
const RECENT_DAYS = 7;
const TASK_PARAM = {
  trade: 'rewards_task_trade_amount',
  verify: 'rewards_task_verify_amount',
} as const;

const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));

/** A time zone the runtime knows (IANA), or undefined. */
function knownZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A streak's amount: day n of `amounts`, the last repeating. */
export function streakAmount(amounts: readonly string[], streak: number): bigint {
  assert(amounts.length > 0 && streak >= 1, 'streak amounts');
  return toUnits(amounts[Math.min(streak, amounts.length) - 1] ?? '0', USDT_SCALE);
}

/**
 * The welfare page (docs/rewards.md): a check-in a calendar day in the person's zone, paid by
 * the streak from the rewards pool; two tasks counted from real records and claimed once each.
 * Every payment comes out of the pool in the transaction of the row that causes it; a pool
 * that cannot pay refuses (10216) and writes nothing.
 */
export class Rewards {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly params: RewardsParams,
    private readonly progress: RewardProgress,
    private readonly now: () => number,
  ) {}

  private async amounts(): Promise<string[]> {
    return (await this.params.get('rewards_checkin_amounts')).split(',');
  }

  async view(userId: number): Promise<RewardsView> {
    const amounts = await this.amounts();
    const [checkin, tasks, pool] = await Promise.all([
      this.checkinState(userId, undefined, amounts),
      Promise.all(REWARD_TASKS.map((t) => this.task(userId, t))),
      this.ledger.platformBalance(this.db, REWARDS_POOL, 'USDT', 'real'),
    ]);
    return { checkin, tasks, pool: usdt(pool) };
  }

  /**
   * Today's state in the person's zone (the stored one, else the one the app sends). `amounts`
   * is read by the caller: inside a transaction, a read of the embedded database outside it
   * would wait for it.
   */
  async checkinState(
    userId: number,
    asked: string | undefined,
    amounts: readonly string[],
    q: Queryable = this.db,
  ) {
    const [stored] = await q.query<{ time_zone: string }>(
      'select time_zone from checkin_zones where user_id = $1',
      [userId],
    );
    const timeZone = stored?.time_zone ?? knownZone(asked ?? 'UTC') ?? 'UTC';
    const day = localDate(this.now(), timeZone);
    const recent = await q.query<{ day: string; streak: number; amount: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day, streak, amount::text from checkins
        where user_id = $1 order by day desc limit $2`,
      [userId, RECENT_DAYS],
    );
    const last = recent[0];
    const signed = last?.day === day;
    const running = last !== undefined && (signed || last.day === addDays(day, -1));
    const streak = running ? last.streak : 0;
    const today = signed ? toUnits(last.amount, USDT_SCALE) : streakAmount(amounts, streak + 1);
    return {
      today: signed ? ('signed' as const) : ('not_signed' as const),
      streak,
      todayAmount: usdt(today),
      nextAmount: usdt(streakAmount(amounts, (signed ? streak : streak + 1) + 1)),
      day,
      timeZone,
      amounts: amounts.map((a) => usdt(toUnits(a, USDT_SCALE))),
      recent: recent.map((r) => ({ day: r.day, streak: r.streak, amount: trimDecimal(r.amount) })),
    };
  }

  /** SPEC §7 qiandao: today's check-in, once, paid by the streak. */
  async checkIn(userId: number, timeZone: string) {
    const zone = knownZone(timeZone);
    if (zone === undefined) throw new AppError(Code.badRequest, { field: 'timeZone' });
    const amounts = await this.amounts();
    const amount = await this.paying(() =>
      this.ledger.atomically(async (tx) => {
        await lockPerson(tx, LockSpace.rewards, userId);
        await tx.query(
          'insert into checkin_zones (user_id, time_zone) values ($1, $2) on conflict do nothing',
          [userId, zone],
        );
        const state = await this.checkinState(userId, zone, amounts, tx);
        if (state.today === 'signed') throw new AppError(Code.checkedInToday);
        const streak = state.streak + 1;
        const pay = streakAmount(amounts, streak);
        await this.pay(tx, rewardsKey.checkin(userId, state.day), userId, pay, 'reward_checkin');
        await tx.query(
          `insert into checkins (user_id, day, streak, amount, created_at)
           values ($1, $2, $3, $4, $5)`,
          [userId, state.day, streak, fromUnits(pay, USDT_SCALE), new Date(this.now())],
        );
        return pay;
      }),
    );
    return { checkin: await this.checkinState(userId, zone, amounts), amount: usdt(amount) };
  }

  /** SPEC §7 lingqu2 / lingqu3: a complete task's reward, once, before it expires. */
  async claim(userId: number, task: RewardTask): Promise<{ task: TaskView }> {
    // Read before the transaction (the embedded database would wait on an open one); counts
    // only grow, so what is complete now stays complete.
    const before = await this.task(userId, task);
    if (before.status === 'claimed') throw new AppError(Code.rewardClaimed);
    if (before.status === 'expired') throw new AppError(Code.rewardExpired);
    if (before.status === 'incomplete') throw new AppError(Code.taskIncomplete);
    const amount = toUnits(before.amount, USDT_SCALE);
    await this.paying(() =>
      this.ledger.atomically(async (tx) => {
        await lockPerson(tx, LockSpace.rewards, userId);
        const [claimed] = await tx.query(
          'select 1 from reward_claims where user_id = $1 and task = $2',
          [userId, task],
        );
        if (claimed !== undefined) throw new AppError(Code.rewardClaimed);
        await this.pay(tx, rewardsKey.task(userId, task), userId, amount, 'reward_task');
        await tx.query(
          'insert into reward_claims (user_id, task, amount, created_at) values ($1, $2, $3, $4)',
          [userId, task, fromUnits(amount, USDT_SCALE), new Date(this.now())],
        );
      }),
    );
    return { task: await this.task(userId, task) };
  }

  private async task(userId: number, task: RewardTask): Promise<TaskView> {
    const [row] = await this.db.query<{
      created_at: Date;
      claimed_at: Date | null;
      paid: string | null;
    }>(
      `select u.created_at, c.created_at as claimed_at, c.amount::text as paid from users u
         left join reward_claims c on c.user_id = u.id and c.task = $2 where u.id = $1`,
      [userId, task],
    );
    assert(row !== undefined, () => `user ${userId} vanished`);
    const days = Number(await this.params.get('rewards_task_days'));
    const expiresAt = new Date(new Date(row.created_at).getTime() + days * DAY_MS);
    const progress = await progressOf(this.progress, userId, task);
    const amount = row.paid ?? (await this.params.get(TASK_PARAM[task]));
    const status =
      row.claimed_at !== null
        ? 'claimed'
        : expiresAt.getTime() <= this.now()
          ? 'expired'
          : isComplete(task, progress)
            ? 'claim'
            : 'incomplete';
    return {
      task,
      status,
      amount: trimDecimal(amount),
      progress,
      expiresAt: expiresAt.toISOString(),
      claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at).toISOString(),
    };
  }

  private async pay(
    tx: Tx,
    key: string,
    userId: number,
    amount: bigint,
    kind: 'reward_checkin' | 'reward_task',
  ) {
    if (amount === 0n) return;
    await this.ledger.post(tx, {
      key,
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: REWARDS_POOL },
          to: { user: userId, purpose: 'available' },
          amount,
          kind,
          reference: `rewards:${userId}`,
        },
      ],
    });
  }

  /** A short pool answers 10216; a concurrent twin of a check-in or claim, its own code. */
  private async paying<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'reserve_short') {
        throw new AppError(Code.rewardsShort);
      }
      if (isUniqueViolation(err, 'checkins_user_id_day_key')) {
        throw new AppError(Code.checkedInToday);
      }
      if (isUniqueViolation(err, 'reward_claims_user_id_task_key')) {
        throw new AppError(Code.rewardClaimed);
      }
      throw err;
    }
  }
}
