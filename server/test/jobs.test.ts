import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/platform/db/postgres.ts';
import type { Database } from '../src/platform/db/database.ts';
import { Jobs, type OnceJob, type PeriodicJob } from '../src/platform/jobs/jobs.ts';
import {
  POSTGRES_ADMIN_URL,
  startTestServer,
  usePostgres,
  type TestServer,
} from './helpers/test-server.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 27, 12);

let server: TestServer;
/** A second connection pool to the same database: the second node (PostgreSQL only). */
let other: Database | undefined;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.query('create table job_effects (job text not null, slot text not null)');
  if (usePostgres) {
    const [{ name } = { name: '' }] = await server.db.query<{ name: string }>(
      'select current_database() as name',
    );
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    other = await openPostgres(url.toString(), 4);
  }
});

afterAll(async () => {
  await other?.close();
  await server?.close();
});

/** A clock the test moves. */
function clock(at = START) {
  const c = { at, now: () => c.at };
  return c;
}

/** A daily job whose slot's work is a row in job_effects, written with the run's row. */
function effectJob(name: string, fail?: (slot: string) => boolean): OnceJob {
  return {
    name,
    schedule: { every: 'day', timeZone: 'Asia/Tokyo' },
    missed: 'each',
    async runInTx(tx, slot) {
      await tx.query('insert into job_effects (job, slot) values ($1, $2)', [name, slot.key]);
      // Holds the run's row a moment, so that a second node's claim waits on it.
      if (usePostgres) await tx.query('select pg_sleep(0.02)');
      if (fail?.(slot.key)) throw new Error(`no reserve for ${slot.key}`);
      return { paid: 1 };
    },
  };
}

function jobsOn(db: Database, c: { now: () => number }, catchUpPerPass = 24): Jobs {
  return new Jobs(db, (fn) => db.transaction(fn), { tickMs: 1_000, catchUpPerPass, now: c.now });
}

async function effects(job: string): Promise<string[]> {
  const rows = await server.db.query<{ slot: string }>(
    'select slot from job_effects where job = $1 order by slot',
    [job],
  );
  return rows.map((r) => r.slot);
}

describe('jobs kernel', () => {
  it('two nodes and a restart reach the same slots: each slot runs once', async () => {
    const c = clock();
    const job = effectJob('test.twice');
    const a = jobsOn(server.db, c);
    const b = jobsOn(other ?? server.db, c);
    a.add(job);
    b.add(job);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(await effects('test.twice')).toEqual(['2026-11-27']);

    c.at += 3 * DAY;
    const restarted = jobsOn(server.db, c);
    restarted.add(job);
    await Promise.all([restarted.runDue(), b.runDue(), a.runDue()]);
    expect(await effects('test.twice')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(a.stats.runs + b.stats.runs + restarted.stats.runs).toBe(4);
    const [runs] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from job_runs where job = 'test.twice'`,
    );
    expect(runs?.n).toBe(4);
  });

  it('missed days are caught up oldest first, a bounded number per pass', async () => {
    const c = clock();
    const jobs = jobsOn(server.db, c, 2);
    jobs.add(effectJob('test.catchup'));
    await jobs.runDue();
    c.at += 5 * DAY;
    await jobs.runDue();
    expect(await effects('test.catchup')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    await jobs.runDue();
    await jobs.runDue();
    expect(await effects('test.catchup')).toHaveLength(6);
    await jobs.runDue();
    expect(await effects('test.catchup')).toHaveLength(6);
  });

  it('a failed slot writes nothing, is recorded, and holds later slots until it succeeds', async () => {
    const c = clock();
    let broken = true;
    const jobs = jobsOn(server.db, c);
    jobs.add(effectJob('test.failing', (slot) => broken && slot === '2026-11-28'));
    await jobs.runDue();
    c.at += 2 * DAY;
    await jobs.runDue();
    await jobs.runDue();
    // The failing day's insert rolled back with its run row; the day after it waits.
    expect(await effects('test.failing')).toEqual(['2026-11-27']);
    const [status] = (await jobs.status()).filter((s) => s.name === 'test.failing');
    expect(status?.failing).toMatchObject({ slot: '2026-11-28', attempts: 2 });
    expect(status?.failing?.lastError).toContain('no reserve');

    broken = false;
    await jobs.runDue();
    expect(await effects('test.failing')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    const [after] = (await jobs.status()).filter((s) => s.name === 'test.failing');
    expect(after?.failing).toBeNull();
    expect(after?.lastSlot).toBe('2026-11-29');
  });

  it('periodic work skips missed turns, and is recorded after it ran', async () => {
    const c = clock();
    const seen: string[] = [];
    const job: PeriodicJob = {
      name: 'test.reread',
      schedule: { every: 'interval', ms: 10_000 },
      missed: 'latest',
      async runOutside(slot) {
        seen.push(slot.key);
        return { read: 0 };
      },
    };
    const jobs = jobsOn(server.db, c);
    jobs.add(job);
    await jobs.runDue();
    await jobs.runDue();
    c.at += 95_000;
    await jobs.runDue();
    expect(seen).toEqual([String(START), String(START + 90_000)]);
  });

  it('refuses a job declared twice, a bad name or a schedule out of bounds', () => {
    const jobs = jobsOn(server.db, clock());
    jobs.add(effectJob('test.once'));
    expect(() => jobs.add(effectJob('test.once'))).toThrow(/declared twice/);
    expect(() => jobs.add(effectJob('Bad Name'))).toThrow(/job name/);
    expect(() =>
      jobs.add({ ...effectJob('test.fast'), schedule: { every: 'interval', ms: 10 } }),
    ).toThrow(/out of bounds/);
    expect(() =>
      jobs.add({ ...effectJob('test.zone'), schedule: { every: 'day', timeZone: 'Mars/Olympus' } }),
    ).toThrow(RangeError);
  });
});
