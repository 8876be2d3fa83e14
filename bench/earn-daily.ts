/**
 * The plans' and loans' daily jobs on PostgreSQL (issue 23): BENCH_ROWS active plans (one per
 * person, each paid its day from its product's reserve through the ledger, each person told)
 * and as many loans (each accruing its day), run as the jobs kernel runs them, in one
 * transaction each. Baseline, in the same run on the same rows: a plain
 * `update … set x = x` of the same rows (what touching them costs at all).
 *
 *   npx tsx bench/earn-daily.ts        (BENCH_ROWS=100000; BENCH_POSTGRES_URL)
 */
import pg from 'pg';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../server/src/ledger/ledger.ts';
import { loanAccrualJob } from '../server/src/loans/daily.ts';
import { Channels } from '../server/src/platform/bus/channels.ts';
import { LocalBus } from '../server/src/platform/bus/bus.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/open-database.ts';
import { addDays } from '../server/src/platform/jobs/slots.ts';
import { Notices } from '../server/src/platform/notifications/notices.ts';
import { planYieldJob } from '../server/src/plans/daily.ts';
import { POSTGRES_ADMIN_URL } from './support/postgres-server.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const DAY = '2026-12-01';

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function main(): Promise<void> {
  const name = `kestrel_bench_earn_${process.pid}`;
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-bench-'));
  const db = await openDatabase(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
    }),
  );
  try {
    const ledger = new Ledger(db);
    const notices = new Notices(new Channels(new LocalBus()));
    await seed(db, ledger);
    const first = addDays(DAY, -1);
    const slot = { key: DAY, start: Date.parse(`${DAY}T00:00:00Z`) };
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const plainPlans = await timed(() =>
      db.transaction((tx) =>
        tx.query(`update plans set days_paid = days_paid where first_day = $1`, [first]),
      ),
    );
    const plainLoans = await timed(() =>
      db.transaction((tx) =>
        tx.query(`update loans set days_accrued = days_accrued where first_day = $1`, [first]),
      ),
    );
    const planJob = planYieldJob(ledger, notices, 'UTC');
    const loanJob = loanAccrualJob(notices, 'UTC');
    const plansMs = await timed(() =>
      ledger.atomically((tx) => planJob.runInTx(tx, slot, undefined)),
    );
    const loansMs = await timed(() =>
      ledger.atomically((tx) => loanJob.runInTx(tx, slot, undefined)),
    );
    const [paid] = await db.query<{ n: number; batches: number }>(
      `select count(*)::int as n, (select count(*)::int from ledger_batches
                                    where idempotency_key like 'plan-yield:%') as batches
         from plans where days_paid = 1`,
    );
    const [sum] = await db.query<{ s: string }>(
      `select coalesce(sum(balance), 0)::text as s from ledger_accounts where asset = 'USDT' and book = 'real'`,
    );
    console.info(`earn daily jobs on PostgreSQL, ${rows} plans and ${rows} loans (one per person)`);
    console.info(`  baseline  plain update of the plans:  ${plainPlans.toFixed(0)} ms`);
    console.info(`  baseline  plain update of the loans:  ${plainLoans.toFixed(0)} ms`);
    console.info(
      `  plans.yield (update, ${paid?.n} plans paid in ${paid?.batches} ledger batches, notices): ${plansMs.toFixed(0)} ms`,
    );
    console.info(`  loans.accrue (update, notices):       ${loansMs.toFixed(0)} ms`);
    const ratio = (plansMs + loansMs) / (plainPlans + plainLoans);
    console.info(
      `  both jobs: ${((plansMs + loansMs) / 1000).toFixed(2)} s, ${ratio.toFixed(2)}x the plain updates (goal: 2x); ledger sums to ${sum?.s}`,
    );
  } finally {
    await db.close();
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** People, their held principal, a product and its reserve, plans and loans: set-based SQL. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>, ledger: Ledger): Promise<void> {
  const first = addDays(DAY, -1);
  await db.query(
    `insert into users (username, email, password_hash, invite_code)
     select 'b' || i, 'b' || i || '@bench.test', 'x', 'BENCH' || i from generate_series(1, $1) i`,
    [rows],
  );
  await db.query(`insert into plan_products (name, min_amount, max_amount, cycle_days, daily_rate,
      purchase_limit, exit_penalty, yield_source, status)
    values ('Bench', 1, 100000, 30, 0.5, 10, 5, 'bench reserve', 'open')`);
  await db.query(`insert into loan_products (name, min_amount, max_amount, terms, daily_rate, free_days,
      overdue_rate, status) values ('Bench', 1, 100000, '{30}', 0.1, 3, 0.5, 'open')`);
  await ledger.transfer({
    key: 'bench-reserve-funding',
    asset: 'USDT',
    book: 'real',
    legs: [
      {
        from: { platform: 'operator_capital' },
        to: { platform: 'reserve:plans:1' },
        amount: 10n ** 15n,
        kind: 'plan_reserve_funding',
      },
    ],
  });
  // Each person's principal, held, and their available account (they funded before buying).
  await db.query(`insert into ledger_accounts (user_id, asset, book, purpose, balance)
    select id, 'USDT', 'real', p.purpose, case p.purpose when 'held' then 100 else 0 end
      from users, (values ('held'), ('available')) as p(purpose) where username like 'b%'`);
  // The principal came in from outside (the house's side), so the book still sums to zero.
  await db.query(
    `insert into ledger_accounts (platform_key, asset, book, purpose, balance)
    values ('house', 'USDT', 'real', 'platform', -100 * $1::numeric)
    on conflict (platform_key, asset, book) where platform_key is not null
      do update set balance = ledger_accounts.balance - 100 * $1::numeric`,
    [rows],
  );
  await db.query(`insert into ledger_batches (idempotency_key, body_hash)
    select 'bench-hold:' || id, 'x' from users where username like 'b%'`);
  await db.query(`insert into ledger_holds (batch_id, account_id, amount)
    select b.id, a.id, 100 from ledger_batches b
      join ledger_accounts a on a.user_id = substring(b.idempotency_key from 12)::bigint and a.purpose = 'held'
     where b.idempotency_key like 'bench-hold:%'`);
  await db.query(
    `insert into plans (user_id, product_id, request_key, body_hash, amount, daily_rate, cycle_days,
       exit_penalty, daily_yield, hold_id, first_day)
     select a.user_id, 1, 'bench-' || a.user_id, 'x', 100, 0.5, 30, 5, 0.5, h.id, $1::date
       from ledger_holds h join ledger_accounts a on a.id = h.account_id`,
    [first],
  );
  await db.query(
    `insert into loans (user_id, product_id, request_key, body_hash, amount, term_days, daily_rate,
       free_days, overdue_rate, agreement_version, figures, signature_sha256, agreement_hash,
       language, status, first_day, due_day)
     select id, 1, 'bench-' || id, 'x', 1000, 30, 0.1, 3, 0.5, 'v', '{}', repeat('a', 64),
            repeat('b', 64), 'en', 'repaying', $1::date, $1::date + 29 from users
      where username like 'b%'`,
    [first],
  );
  await db.query('analyze');
}

await main();
