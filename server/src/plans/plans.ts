import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import type { BuySmartBody, Plan, PlanStatus } from '../../../contract/plans/schemas.ts';
import { exitPenalty, planFigures } from '../../../contract/plans/terms.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { addDays, localDate, localMidnight } from '../platform/jobs/slots.ts';
import { firstOfTwins, replayOf, requestHash } from '../platform/request-replay.ts';
import { withPlanCodes } from './plan-errors.ts';
import { type PlanProducts } from './products.ts';

import { planReserve, plansKey } from './transfers.ts';

export interface PlanRow {
  id: number;
  user_id: number;
  product_id: number;
  product_name: string;
  body_hash: string;
  amount: string;
  daily_rate: string;
  cycle_days: number;
  exit_penalty: string;
  daily_yield: string;
  hold_id: number;
  first_day: string;
  days_paid: number;
  status: PlanStatus;
  penalty: string | null;
  created_at: Date;
  ended_at: Date | null;
  /** The ledger's sum of this plan's yield. */
  revenue: string;
}

export const PLAN_COLUMNS = `p.id, p.user_id, p.product_id, pp.name as product_name, p.body_hash,
  p.amount::text, p.daily_rate::text, p.cycle_days, p.exit_penalty::text, p.daily_yield::text,
  p.hold_id, to_char(p.first_day, 'YYYY-MM-DD') as first_day, p.days_paid, p.status,
  p.penalty::text, p.created_at, p.ended_at,
  (select coalesce(sum(t.amount), 0)::text from ledger_transfers t
    where t.kind = 'plan_yield' and t.reference = 'plan:' || p.id) as revenue`;
const FROM = 'from plans p join plan_products pp on pp.id = p.product_id';

const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));
const DAY_MS = 86_400_000;

/**
 * People's smart plans (docs/plans.md): a subscription holds the principal and is refused when
 * the product's reserve could not pay every promised day; an exit returns the principal minus
 * the penalty the plan showed. The days' yield is the daily job's (daily.ts).
 */
export class Plans {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly products: PlanProducts,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  async buy(userId: number, book: Book, body: BuySmartBody): Promise<Plan> {
    if (book !== 'real') throw new AppError(Code.demoNotAllowed);
    const hash = requestHash(book, body);
    const replayed = await this.byKey(this.db, userId, body.key, hash);
    if (replayed !== undefined) return this.view(replayed);
    const product = await this.products.row(this.db, body.productId);
    if (product === undefined || product.status !== 'open') {
      throw new AppError(Code.smartProductWrong, { field: 'productId' });
    }
    const amount = toUnits(body.amount, USDT_SCALE);
    const inRange =
      amount >= toUnits(product.min_amount, USDT_SCALE) &&
      amount <= toUnits(product.max_amount, USDT_SCALE);
    if (!inRange) throw new AppError(Code.investmentAmountWrong, { field: 'amount' });
    const { value } = await firstOfTwins(
      () =>
        withPlanCodes(() => this.ledger.atomically((tx) => this.subscribe(tx, userId, body, hash))),
      () => this.byKey(this.db, userId, body.key, hash),
    );
    // null: a twin of this request (same person, same key) committed while this one waited for
    // the person's lock; its answer is this one's (10134 if it asked something else).
    const made = value ?? (await this.byKey(this.db, userId, body.key, hash));
    assert(made !== undefined, 'a twin subscription vanished');
    return this.view(made);
  }

  /** The subscription's transaction: person's lock, the product row, the reserve, the hold. */
  private async subscribe(tx: Tx, userId: number, body: BuySmartBody, hash: string) {
    await lockPerson(tx, LockSpace.planBuys, userId);
    // A statement of its own after the lock, so it sees what a twin committed meanwhile: the
    // twin's plan answers this request, not the purchase limit it now fills.
    const [twin] = await tx.query('select 1 from plans where user_id = $1 and request_key = $2', [
      userId,
      body.key,
    ]);
    if (twin !== undefined) return null;
    // The product's row serialises subscriptions to it: each checks the reserve's room after
    // the one before has taken its share.
    const product = await this.products.row(tx, body.productId, true);
    if (product === undefined || product.status !== 'open') {
      throw new AppError(Code.smartProductWrong, { field: 'productId' });
    }
    const [count] = await tx.query<{ n: number }>(
      'select count(*)::int as n from plans where user_id = $1 and product_id = $2',
      [userId, product.id],
    );
    if ((count?.n ?? 0) >= product.purchase_limit) {
      throw new AppError(Code.alreadyBought, { field: 'productId' });
    }
    const amount = toUnits(body.amount, USDT_SCALE);
    const figures = planFigures(amount, {
      dailyRatePercent: product.daily_rate,
      cycleDays: product.cycle_days,
      exitPenaltyPercent: product.exit_penalty,
    });
    const reserve = await this.ledger.platformBalance(
      tx,
      planReserve(Number(product.id)),
      'USDT',
      'real',
    );
    const promised = await this.products.promised(tx, Number(product.id));
    if (reserve - promised < figures.totalYield) throw new AppError(Code.reserveShort);
    const { holdId } = await this.ledger.holdIn(tx, {
      key: plansKey.principal(userId, body.key),
      user: userId,
      asset: 'USDT',
      book: 'real',
      amount,
      kind: 'plan_principal_hold',
      reference: `plan-product:${product.id}`,
    });
    const firstDay = addDays(localDate(this.now(), this.timeZone), 1);
    const [row] = await tx.query<{ id: number }>(
      `insert into plans (user_id, product_id, request_key, body_hash, amount, daily_rate,
         cycle_days, exit_penalty, daily_yield, hold_id, first_day)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [
        userId,
        product.id,
        body.key,
        hash,
        fromUnits(amount, USDT_SCALE),
        product.daily_rate,
        product.cycle_days,
        product.exit_penalty,
        fromUnits(figures.dailyYield, USDT_SCALE),
        holdId,
        firstDay,
      ],
    );
    assert(row !== undefined, 'plan insert returned no row');
    const made = await this.byId(tx, userId, Number(row.id));
    assert(made !== undefined, 'plan vanished');
    return made;
  }

  /** Ends an earning plan early: the principal back, minus the penalty the plan showed. */
  async exit(userId: number, id: number): Promise<Plan> {
    const row = await withPlanCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [locked] = await tx.query<{ status: PlanStatus }>(
          'select status from plans where id = $1 and user_id = $2 for no key update',
          [id, userId],
        );
        if (locked === undefined) throw new AppError(Code.notFound, { field: 'id' });
        if (locked.status !== 'earning') throw new AppError(Code.planEnded, { field: 'id' });
        const plan = await this.byId(tx, userId, id);
        assert(plan !== undefined, 'plan vanished');
        const principal = toUnits(plan.amount, USDT_SCALE);
        const penalty = exitPenalty(principal, plan.exit_penalty);
        await this.ledger.resolveHoldIn(
          tx,
          plansKey.end(id),
          plan.hold_id,
          { release: true },
          'plan_principal_returned',
        );
        if (penalty > 0n) {
          await this.ledger.post(tx, {
            key: plansKey.penalty(id),
            asset: 'USDT',
            book: 'real',
            legs: [
              {
                from: { user: userId, purpose: 'available' },
                to: { platform: 'fees' },
                amount: penalty,
                kind: 'plan_exit_penalty',
                reference: `plan:${id}`,
              },
            ],
          });
        }
        await tx.query(
          `update plans set status = 'expired', penalty = $2, ended_at = $3 where id = $1`,
          [id, fromUnits(penalty, USDT_SCALE), new Date(this.now())],
        );
        return this.byId(tx, userId, id);
      }),
    );
    assert(row !== undefined, 'plan vanished');
    return this.view(row);
  }

  /** Every subscription the person has made, ended ones too (a reward task counts them). */
  async count(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from plans where user_id = $1',
      [userId],
    );
    return row?.n ?? 0;
  }

  async list(userId: number, q: { status?: PlanStatus; page: number; size: number }) {
    const rows = await this.db.query<PlanRow>(
      `select ${PLAN_COLUMNS} ${FROM} where p.user_id = $1 and ($2::text is null or p.status = $2)
        order by p.id desc limit $3 offset $4`,
      [userId, q.status ?? null, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from plans where user_id = $1 and ($2::text is null or status = $2)',
      [userId, q.status ?? null],
    );
    return { list: rows.map((r) => this.view(r)), total: count?.n ?? 0 };
  }

  private async byId(q: Queryable, userId: number, id: number): Promise<PlanRow | undefined> {
    const [row] = await q.query<PlanRow>(
      `select ${PLAN_COLUMNS} ${FROM} where p.id = $1 and p.user_id = $2`,
      [id, userId],
    );
    return row;
  }

  private async byKey(q: Queryable, userId: number, key: string, hash: string) {
    const [row] = await q.query<PlanRow>(
      `select ${PLAN_COLUMNS} ${FROM} where p.user_id = $1 and p.request_key = $2`,
      [userId, key],
    );
    return replayOf(row, hash);
  }

  /** The wire's plan: every figure from the row and the ledger, checked against each other. */
  view(r: PlanRow): Plan {
    const principal = toUnits(r.amount, USDT_SCALE);
    const perDay = toUnits(r.daily_yield, USDT_SCALE);
    const revenue = toUnits(r.revenue, USDT_SCALE);
    // The job writes days_paid and the ledger's yield together: they must agree.
    assert(
      revenue === perDay * BigInt(r.days_paid),
      () => `plan ${r.id}: revenue ${revenue} for ${r.days_paid} days`,
    );
    const now = this.now();
    const today = localDate(now, this.timeZone);
    const lastPaidDay = addDays(r.first_day, r.days_paid - 1);
    const earning = r.status === 'earning';
    const penalty = exitPenalty(principal, r.exit_penalty);
    return {
      id: Number(r.id),
      productId: Number(r.product_id),
      productName: r.product_name,
      status: r.status,
      amount: trimDecimal(r.amount),
      dailyRatePercent: trimDecimal(r.daily_rate),
      cycleDays: r.cycle_days,
      exitPenaltyPercent: trimDecimal(r.exit_penalty),
      dailyYield: usdt(perDay),
      daysPaid: r.days_paid,
      runDays: Math.max(0, Math.floor((now - new Date(r.created_at).getTime()) / DAY_MS)),
      totalRevenue: usdt(revenue),
      // The yield paid at today's midnight is for yesterday.
      todayEarnings: usdt(r.days_paid > 0 && addDays(lastPaidDay, 1) === today ? perDay : 0n),
      nextEarningsAt: earning
        ? new Date(
            localMidnight(addDays(r.first_day, r.days_paid + 1), this.timeZone),
          ).toISOString()
        : null,
      firstDay: r.first_day,
      lastDay: addDays(r.first_day, r.cycle_days - 1),
      exitPenalty: earning ? usdt(penalty) : null,
      exitReturns: earning ? usdt(principal - penalty) : null,
      penalty: r.penalty === null ? null : trimDecimal(r.penalty),
      createdAt: new Date(r.created_at).toISOString(),
      endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
    };
  }
}
