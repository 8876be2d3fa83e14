/**
 * The jobs kernel's cost per slot: an interval job (every 1 s, missed: 'each') whose `runInTx`
 * inserts one row, caught up over BENCH_SLOTS slots with an injected clock by calling
 * `jobs.runDue()` until every slot ran (BENCH_CATCH_UP slots per pass). Baseline, in the same
 * run on the same database: as many bare transactions inserting the same row, one after
 * another, without the kernel. Prints ms per slot for both and the kernel's overhead.
 *
 *   npx tsx bench/jobs-runner.ts     (BENCH_SLOTS=10000, BENCH_CATCH_UP=24 (the default);
 *     BENCH_DATABASE=postgres for a fresh PostgreSQL database, BENCH_POSTGRES_URL)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Ledger } from '../server/src/ledger/ledger.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import type { Database, Tx } from '../server/src/platform/db/database.ts';
import { openDatabase } from '../server/src/platform/db/open-database.ts';
import { DEFAULT_JOBS_OPTIONS, Jobs } from '../server/src/platform/jobs/jobs.ts';
import { POSTGRES_ADMIN_URL } from './support/postgres-server.ts';

const slots = Number(process.env.BENCH_SLOTS ?? 10_000);
const catchUpPerPass = Number(process.env.BENCH_CATCH_UP ?? DEFAULT_JOBS_OPTIONS.catchUpPerPass);
const onPostgres = process.env.BENCH_DATABASE === 'postgres';
/** Slots (and bare transactions) run first and not counted: JIT, plans, caches. */
const WARM_UP = 500;
const SECOND = 1_000;
/** A whole second, so the first slot starts at the clock's first reading. */
const T0 = Date.UTC(2026, 0, 1);

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** A migrated database of its own: PGlite in memory, or a fresh PostgreSQL database. */
async function openBenchDatabase(): Promise<{
  db: Database;
  label: string;
  finish(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-bench-'));
  const dbName = `kestrel_bench_jobs_${process.pid}`;
  let url: string | undefined;
  if (onPostgres) {
    await admin(`create database ${dbName}`);
    const u = new URL(POSTGRES_ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const db = await openDatabase(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PGLITE_STORAGE: 'memory',
      LOG_LEVEL: 'silent',
      ...(url === undefined ? {} : { DATABASE_URL: url }),
    }),
  );
  return {
    db,
    label: onPostgres ? 'PostgreSQL' : 'PGlite (in memory)',
    async finish() {
      await db.close();
      if (onPostgres) await admin(`drop database if exists ${dbName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The one row both sides write. */
const insertRow = (tx: Tx, source: string, slot: string) =>
  tx.query('insert into bench_job_rows (source, slot) values ($1, $2)', [source, slot]);

/** `count` bare transactions, one after another; answers the elapsed ms. */
async function bare(db: Database, source: string, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) => insertRow(tx, source, String(i)));
  }
  return performance.now() - started;
}

/**
 * An interval job never run before, caught up over `count` slots: the first pass at T0 runs
 * the current slot (a job never run starts there), then the clock moves to the last slot and
 * passes run until every slot has. Answers the elapsed ms and the passes.
 */
async function caughtUp(
  db: Database,
  name: string,
  count: number,
): Promise<{ ms: number; passes: number }> {
  const ledger = new Ledger(db);
  let clock = T0;
  const jobs = new Jobs(db, (fn) => ledger.atomically(fn), {
    ...DEFAULT_JOBS_OPTIONS,
    catchUpPerPass,
    now: () => clock,
  });
  jobs.add({
    name,
    schedule: { every: 'interval', ms: SECOND },
    missed: 'each',
    async runInTx(tx, slot) {
      await insertRow(tx, name, slot.key);
      return { rows: 1 };
    },
  });
  const started = performance.now();
  let passes = 1;
  await jobs.runDue();
  clock = T0 + (count - 1) * SECOND;
  while (jobs.stats.runs < count) {
    if (jobs.stats.failures > 0 || passes > count) throw new Error(`${name}: a slot failed`);
    await jobs.runDue();
    passes += 1;
  }
  return { ms: performance.now() - started, passes };
}

async function main(): Promise<void> {
  const { db, label, finish } = await openBenchDatabase();
  try {
    await db.exec(`create table bench_job_rows (
      id bigint generated always as identity primary key,
      source text not null,
      slot text not null,
      at timestamptz not null default now())`);
    await bare(db, 'warm-up', WARM_UP);
    await caughtUp(db, 'bench.warm-up', WARM_UP);

    const bareMs = await bare(db, 'bare', slots);
    const kernel = await caughtUp(db, 'bench.insert-row', slots);

    const [rows] = await db.query<{ bare: number; job: number; runs: number }>(
      `select (select count(*)::int from bench_job_rows where source = 'bare') as bare,
              (select count(*)::int from bench_job_rows where source = 'bench.insert-row') as job,
              (select count(*)::int from job_runs where job = 'bench.insert-row') as runs`,
    );
    if (rows?.bare !== slots || rows.job !== slots || rows.runs !== slots) {
      throw new Error(`rows written: ${JSON.stringify(rows)}, expected ${slots} each`);
    }
    const perSlot = (ms: number) => ms / slots;
    const overhead = perSlot(kernel.ms) - perSlot(bareMs);
    console.info(
      `${label}; ${slots} slots of an interval job (every 1 s, missed: 'each') inserting one row, ${catchUpPerPass} slots per pass\n`,
    );
    console.info(
      `bare transactions  ${perSlot(bareMs).toFixed(3).padStart(7)} ms/slot   (${slots} in ${(bareMs / 1000).toFixed(1)} s; baseline)`,
    );
    console.info(
      `jobs kernel        ${perSlot(kernel.ms).toFixed(3).padStart(7)} ms/slot   (${slots} in ${(kernel.ms / 1000).toFixed(1)} s, ${kernel.passes} passes of runDue)`,
    );
    console.info(
      `overhead           ${overhead.toFixed(3).padStart(7)} ms/slot   (${(kernel.ms / bareMs).toFixed(2)}x the bare transaction)`,
    );
  } finally {
    await finish();
  }
}

await main();
