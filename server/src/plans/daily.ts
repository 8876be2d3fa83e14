import { assert } from '../assert.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Tx } from '../platform/db/database.ts';
import type { OnceJob, Slot } from '../platform/jobs/jobs.ts';
import { addDays } from '../platform/jobs/slots.ts';
import type { Notices } from '../platform/notifications/notices.ts';

import { planReserve, plansKey } from './transfers.ts';

/** Plans one ledger batch pays (Ledger.payOut's bound). */
const POST_CHUNK = 5_000;
/** Plans one day pays at most: past this the job fails loudly rather than run unbounded. */
const PLANS_PER_DAY_MAX = 2_000_000;

interface PaidRow {
  id: number;
  user_id: number;
  product_id: number;
  daily_yield: string;
  days_paid: number;
  cycle_days: number;
  hold_id: number;
  amount: string;
}

/**
 * Daily, at midnight in the plans' zone: every earning plan whose next unpaid day has ended is
 * paid that day's yield from its product's reserve, set-based (one update, then the ledger in
 * batches of 5,000 plans); plans whose last day that was get their principal back. The
 * slot's row, the plans' days and the ledger's batches commit together: a day is paid once.
 */
export function planYieldJob(ledger: Ledger, notices: Notices, timeZone: string): OnceJob {
  return {
    name: 'plans.yield',
    schedule: { every: 'day', timeZone },
    missed: 'each',
    async runInTx(tx, slot) {
      const payDay = addDays(slot.key, -1);
      const paid = await tx.query<PaidRow>(
        `update plans set days_paid = days_paid + 1
          where status = 'earning' and first_day + days_paid <= $1::date
          returning id, user_id, product_id, daily_yield::text, days_paid, cycle_days, hold_id,
                    amount::text`,
        [payDay],
      );
      assert(paid.length <= PLANS_PER_DAY_MAX, () => `${paid.length} plans in one day`);
      if (paid.length === 0) return { plans: 0, matured: 0, day: payDay };
      await payYield(tx, ledger, paid, payDay);
      await recordPayoutDay(tx, paid, payDay);
      const matured = await mature(tx, ledger, paid, slot);
      await tell(tx, notices, paid, matured, payDay);
      return { plans: paid.length, matured: matured.length, day: payDay };
    },
  };
}

/** Each product's plans paid from its reserve in batches of POST_CHUNK, plans in id order. */
async function payYield(
  tx: Tx,
  ledger: Ledger,
  paid: readonly PaidRow[],
  day: string,
): Promise<void> {
  const byProduct = new Map<number, PaidRow[]>();
  for (const p of paid) {
    if (toUnits(p.daily_yield, USDT_SCALE) === 0n) continue;
    const plans = byProduct.get(Number(p.product_id)) ?? [];
    plans.push(p);
    byProduct.set(Number(p.product_id), plans);
  }
  for (const [productId, plans] of byProduct) {
    plans.sort((a, b) => Number(a.id) - Number(b.id));
    for (let i = 0; i < plans.length; i += POST_CHUNK) {
      const chunk = plans.slice(i, i + POST_CHUNK);
      await ledger.payOut(tx, {
        key: plansKey.yield(productId, day, Number(chunk[0]?.id)),
        asset: 'USDT',
        book: 'real',
        from: planReserve(productId),
        kind: 'plan_yield',
        payees: chunk.map((p) => ({
          user: Number(p.user_id),
          amount: toUnits(p.daily_yield, USDT_SCALE),
          reference: `plan:${p.id}`,
        })),
      });
    }
  }
}

/** Each product's total for the day: the reserve's public 7- and 30-day figures. */
async function recordPayoutDay(tx: Tx, paid: readonly PaidRow[], day: string): Promise<void> {
  const byProduct = new Map<number, { amount: bigint; plans: number }>();
  for (const p of paid) {
    const sum = byProduct.get(Number(p.product_id)) ?? { amount: 0n, plans: 0 };
    sum.amount += toUnits(p.daily_yield, USDT_SCALE);
    sum.plans += 1;
    byProduct.set(Number(p.product_id), sum);
  }
  const rows = [...byProduct];
  await tx.query(
    `insert into plan_payout_days (product_id, day, amount, plans)
     select product_id, $1::date, amount, plans
       from unnest($2::bigint[], $3::numeric[], $4::int[]) as d(product_id, amount, plans)
     on conflict (product_id, day) do update
       set amount = plan_payout_days.amount + excluded.amount,
           plans = plan_payout_days.plans + excluded.plans`,
    [
      day,
      rows.map(([id]) => id),
      rows.map(([, s]) => fromUnits(s.amount, USDT_SCALE)),
      rows.map(([, s]) => s.plans),
    ],
  );
}

/** Plans paid their last day: status shared, principal released from its hold. */
async function mature(tx: Tx, ledger: Ledger, paid: readonly PaidRow[], slot: Slot) {
  const matured = paid.filter((p) => p.days_paid === p.cycle_days);
  if (matured.length === 0) return [];
  await tx.query(`update plans set status = 'shared', ended_at = $2 where id = any($1::bigint[])`, [
    matured.map((p) => p.id),
    new Date(slot.start),
  ]);
  for (const p of matured) {
    await ledger.resolveHoldIn(
      tx,
      plansKey.end(Number(p.id)),
      Number(p.hold_id),
      { release: true },
      'plan_principal_returned',
    );
  }
  return matured;
}

async function tell(
  tx: Tx,
  notices: Notices,
  paid: readonly PaidRow[],
  matured: readonly PaidRow[],
  day: string,
): Promise<void> {
  const perPerson = new Map<number, { amount: bigint; plans: number }>();
  for (const p of paid) {
    const sum = perPerson.get(Number(p.user_id)) ?? { amount: 0n, plans: 0 };
    sum.amount += toUnits(p.daily_yield, USDT_SCALE);
    sum.plans += 1;
    perPerson.set(Number(p.user_id), sum);
  }
  const usdt = (u: bigint) => trimDecimal(fromUnits(u, USDT_SCALE));
  await notices.raiseMany(tx, [
    ...[...perPerson].map(([userId, s]) => ({
      userId,
      notice: { kind: 'plans.paid' as const, day, amount: usdt(s.amount), plans: s.plans },
    })),
    ...matured.map((p) => ({
      userId: Number(p.user_id),
      notice: {
        kind: 'plans.matured' as const,
        planId: Number(p.id),
        amount: trimDecimal(p.amount),
        revenue: usdt(toUnits(p.daily_yield, USDT_SCALE) * BigInt(p.cycle_days)),
      },
    })),
  ]);
}
