/**
 * Ticks per second the market service absorbs: validate, apply to live state (candles of
 * nine timeframes, 24h change, last 100 prices), publish, and record ticks and candles in the
 * database, on PGlite (in memory) and on PostgreSQL when it answers.
 *
 *   npx tsx bench/market-ingest.ts        (BENCH_TICKS=200000)
 */
import pg from 'pg';
import { LocalBus } from '../server/src/platform/bus/bus.ts';
import { Channels } from '../server/src/platform/bus/channels.ts';
import { EngineHost } from '../server/src/platform/engine-host.ts';
import type { Database } from '../server/src/platform/db/database.ts';
import { migrate } from '../server/src/platform/db/migrate.ts';
import { openPglite } from '../server/src/platform/db/pglite.ts';
import { openPostgres } from '../server/src/platform/db/postgres.ts';
import { INSTRUMENTS } from '../server/src/market/instruments.ts';
import { MarketService } from '../server/src/market/market-service.ts';
import { Simulator } from '../server/src/market/simulator.ts';
import type { FeedSource, Tick } from '../server/src/market/types.ts';

const total = Number(process.env.BENCH_TICKS ?? 200_000);
const BATCH = 500;
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const silentFeed: FeedSource = {
  name: 'bench',
  simulated: true,
  start: async () => {},
  stop: async () => {},
};

function makeTicks(): Tick[][] {
  const sim = new Simulator(INSTRUMENTS, 1);
  const batches: Tick[][] = [];
  let ts = Date.UTC(2026, 10, 18, 15, 0);
  let batch: Tick[] = [];
  let made = 0;
  while (made < total) {
    ts += 50;
    for (const t of sim.step(ts)) {
      batch.push(t);
      made += 1;
      if (batch.length === BATCH) {
        batches.push(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function run(label: string, db: Database): Promise<void> {
  await migrate(db);
  const engines = new EngineHost(new Channels(new LocalBus()), undefined, 1);
  const market = new MarketService(db, engines, silentFeed, {
    flushMs: 1_000_000,
    backfillDays: 1,
  });
  await market.start(INSTRUMENTS, undefined);
  await engines.start();
  const batches = makeTicks();
  const started = performance.now();
  let sinceFlush = 0;
  for (const batch of batches) {
    market.ingest(batch);
    sinceFlush += batch.length;
    // Flush as the timer would at about 2,000 ticks per flush.
    if (sinceFlush >= 2_000) {
      await market.flush();
      sinceFlush = 0;
    }
  }
  await market.flush();
  const elapsed = (performance.now() - started) / 1000;
  await engines.stop();
  market.stop();
  console.info(
    `${label.padEnd(12)} ${String(Math.round(market.stats.ticks / elapsed)).padStart(7)} ticks/s  (${market.stats.ticks} ticks recorded in ${elapsed.toFixed(1)} s)`,
  );
}

console.info(
  `${total} simulated ticks of ${INSTRUMENTS.length} instruments, ingested in batches of ${BATCH}\n`,
);
const lite = await openPglite('memory');
await run('PGlite', lite);
await lite.close();

const admin = new pg.Client({ connectionString: postgresAdmin });
try {
  await admin.connect();
  const name = `kestrel_bench_ingest_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await run('PostgreSQL', db);
  await db.close();
  await admin.query(`drop database ${name} with (force)`);
} catch (err) {
  console.info(`PostgreSQL skipped: ${(err as Error).message}`);
} finally {
  await admin.end().catch(() => undefined);
}
