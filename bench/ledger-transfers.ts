/**
 * Ledger transfers per second (one debit and one credit, idempotency key, balance check), on
 * PGlite in memory and on PostgreSQL when it answers, with 1 and 16 concurrent clients; then
 * `pgbench -N` with 16 clients on the same PostgreSQL, the baseline (goal: >= 50 % of it).
 *
 *   npx tsx bench/ledger-transfers.ts      (BENCH_TRANSFERS=4000 per run)
 */
import pg from 'pg';
import type { Database } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { openPglite } from '../server/src/platform/db/pglite.ts';
import { openPostgres } from '../server/src/platform/db/postgres.ts';
import { Ledger } from '../server/src/ledger/ledger.ts';
import { pgbenchTps } from './support/pgbench.ts';

const total = Number(process.env.BENCH_TRANSFERS ?? 4000);
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function users(db: Database, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await db.query<{ id: number }>(
      `insert into users (username, email, password_hash, invite_code) values ($1, $2, 'x', $3) returning id`,
      [`bench${i}`, `bench${i}@example.test`, `BENCHU${i}X`],
    );
    if (row) ids.push(row.id);
  }
  return ids;
}

async function run(label: string, db: Database): Promise<number> {
  let last = 0;
  await migrate(db);
  const ledger = new Ledger(db);
  const ids = await users(db, 32);
  for (const [i, id] of ids.entries()) {
    await ledger.transfer({
      key: `bench-seed-${i}`,
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: 'external_deposits' },
          to: { user: id, purpose: 'available' },
          amount: 10n ** 15n,
          kind: 'deposit',
        },
      ],
    });
  }
  for (const clients of [1, 16]) {
    const each = Math.floor(total / clients);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; i < each; i++) {
          const from = ids[(c * 2 + i) % ids.length] ?? 0;
          const to = ids[(c * 2 + i + 1) % ids.length] ?? 0;
          await ledger.transfer({
            key: `bench-${clients}-${c}-${i}`,
            asset: 'USDT',
            book: 'real',
            legs: [
              {
                from: { user: from, purpose: 'available' },
                to: { user: to, purpose: 'available' },
                amount: 1_000n,
                kind: 'adjust_credit',
              },
            ],
          });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    last = (each * clients) / seconds;
    console.info(
      `${label.padEnd(11)} ${String(clients).padStart(2)} client(s)  ${String(Math.round((each * clients) / seconds)).padStart(6)} transfers/s`,
    );
  }
  return last;
}

const lite = await openPglite('memory');
await run('PGlite', lite);
await lite.close();

const admin = new pg.Client({ connectionString: postgresAdmin });
try {
  await admin.connect();
  const name = `kestrel_bench_ledger_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 20);
  const transfers = await run('PostgreSQL', db);
  await db.close();
  await admin.query(`drop database ${name} with (force)`);
  const tps = await pgbenchTps(postgresAdmin, 16, 10);
  if (tps !== undefined) {
    console.info(`pgbench -N  16 client(s)  ${String(Math.round(tps)).padStart(6)} tps (baseline)`);
    console.info(
      `ledger with 16 clients: ${Math.round((transfers / tps) * 100)} % of pgbench -N (goal >= 50 %)`,
    );
  }
} catch (err) {
  console.info(`PostgreSQL skipped: ${(err as Error).message}`);
} finally {
  await admin.end().catch(() => undefined);
}
