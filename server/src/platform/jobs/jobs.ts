import { assert } from '../../assert.ts';
import type { Database, Tx } from '../db/database.ts';
import type { Engine } from '../engine-host.ts';
import { assertSchedule, dueSlots, slotAt, type Schedule, type Slot } from './slots.ts';

export type { Schedule, Slot } from './slots.ts';

/** What a run reports, stored with it: counts and ids, never personal data. */
export type JobSummary = Readonly<Record<string, number | string | boolean>>;

interface JobBase {
  /** '<capability>.<what>', unique across the server. */
  readonly name: string;
  readonly schedule: Schedule;
  /**
   * Turns missed while no node ran (a restart, a long outage): run each, oldest first (money:
   * daily earnings, interest), or only the current one (a re-read that the next one repeats).
   */
  readonly missed: 'each' | 'latest';
}

/**
 * A slot's work done inside the transaction that records the run: its writes and the (job,
 * slot) row commit together, so the slot's work happens exactly once, whoever runs it.
 */
export interface OnceJob<Prepared = unknown> extends JobBase {
  /**
   * Reads the slot needs from outside the transaction (a parameter), before it: on the
   * embedded database a read outside an open transaction would wait for it.
   */
  prepare?(slot: Slot): Promise<Prepared>;
  runInTx(tx: Tx, slot: Slot, prepared: Prepared): Promise<JobSummary>;
}

/**
 * Periodic work with effects outside one transaction (reading a chain, then crediting in
 * transactions of its own): recorded after it succeeds, so a crash can repeat it. Such work
 * must be idempotent on its own.
 */
export interface PeriodicJob extends JobBase {
  runOutside(slot: Slot): Promise<JobSummary>;
}

export type Job = OnceJob | PeriodicJob;

export interface JobsOptions {
  /** How often the runner looks for due slots. */
  tickMs: number;
  /** Missed slots run per job per pass: a long outage is caught up over several passes. */
  catchUpPerPass: number;
  now: () => number;
}

export const DEFAULT_JOBS_OPTIONS: JobsOptions = {
  tickMs: 1_000,
  catchUpPerPass: 24,
  now: Date.now,
};

/** Jobs per server: far above what the capabilities declare; bounds a pass. */
const JOBS_MAX = 64;
/** Runs of an interval job kept for inspection; older ones are pruned as it runs. */
const INTERVAL_RUNS_KEPT_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface JobStatus {
  name: string;
  schedule: Schedule;
  lastSlot: string | null;
  lastStartedAt: string | null;
  lastDurationMs: number | null;
  failing: { slot: string; attempts: number; lastError: string; lastAt: string } | null;
}

/**
 * Runs the declared jobs on the elected node (an Engine of the EngineHost): each pass finds
 * each job's due slots from its last recorded run and runs them in order. A (job, slot) row is
 * unique, so a second node, a restart or a late pass never runs a slot twice.
 */
export class Jobs implements Engine {
  readonly name = 'jobs';
  private readonly jobs = new Map<string, Job>();
  private readonly lastRun = new Map<string, Slot>();
  /** Jobs with a failed slot on record: read with the last run, then kept up here. */
  private readonly mayHaveFailed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private leading = false;
  /** Slots run and failures, since the start. */
  readonly stats = { runs: 0, skipped: 0, failures: 0 };

  constructor(
    private readonly db: Database,
    /** The ledger's transaction runner: a job's posts commit with its run row. */
    private readonly atomically: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
    private readonly options: JobsOptions = DEFAULT_JOBS_OPTIONS,
  ) {
    assert(options.catchUpPerPass > 0 && options.tickMs > 0, 'jobs options out of bounds');
  }

  /** Declares a job; the capabilities call this while they are composed. */
  add(job: Job): void {
    assert(!this.jobs.has(job.name), `job ${job.name} declared twice`);
    assert(this.jobs.size < JOBS_MAX, `more than ${JOBS_MAX} jobs`);
    assert(/^[a-z]+\.[a-z][a-z0-9-]*$/.test(job.name), `job name ${job.name}`);
    assertSchedule(job.schedule);
    this.jobs.set(job.name, job);
  }

  async lead(): Promise<void> {
    this.leading = true;
    // Another node may have run slots (or failed some) while this one followed.
    this.lastRun.clear();
    this.schedule();
  }

  async follow(): Promise<void> {
    this.leading = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  /** One pass over every job (the timer's work; tests call it with their own clock). */
  runDue(): Promise<void> {
    this.pass ??= this.runAll().finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  private schedule(): void {
    if (!this.leading) return;
    this.timer = setTimeout(() => {
      void this.runDue().finally(() => this.schedule());
    }, this.options.tickMs);
    this.timer.unref();
  }

  private async runAll(): Promise<void> {
    for (const job of this.jobs.values()) {
      try {
        await this.runJob(job);
      } catch (err) {
        // Reading the last run failed (the database is away): the next pass tries again.
        console.error(`job ${job.name}: ${(err as Error).message}`);
      }
    }
  }

  private async runJob(job: Job): Promise<void> {
    const now = this.options.now();
    const last = this.lastRun.get(job.name) ?? (await this.readLastRun(job));
    if (last !== undefined && last.start >= slotAt(job.schedule, now).start) return;
    const due = dueSlots(job.schedule, last, now, this.options.catchUpPerPass, job.missed);
    for (const slot of due) {
      if (!(await this.runSlot(job, slot))) return;
      this.lastRun.set(job.name, slot);
    }
  }

  /** Runs one slot; false when it failed, so later slots wait for it. */
  private async runSlot(job: Job, slot: Slot): Promise<boolean> {
    const startedAt = this.options.now();
    const clock = performance.now();
    try {
      const ran =
        'runInTx' in job
          ? await this.runOnce(job, slot, startedAt, clock)
          : await this.runPeriodic(job, slot, startedAt, clock);
      if (ran) this.stats.runs += 1;
      else this.stats.skipped += 1;
      return true;
    } catch (err) {
      this.stats.failures += 1;
      this.mayHaveFailed.add(job.name);
      await this.recordFailure(job, slot, err).catch(() => undefined);
      console.error(`job ${job.name} slot ${slot.key} failed: ${(err as Error).message}`);
      return false;
    }
  }

  private async runOnce(job: OnceJob, slot: Slot, startedAt: number, clock: number) {
    const prepared = await job.prepare?.(slot);
    return this.atomically(async (tx) => {
      if (!(await this.claim(tx, job, slot, startedAt))) return false;
      await this.finish(tx, job, slot, await job.runInTx(tx, slot, prepared), clock);
      return true;
    });
  }

  private async runPeriodic(
    job: PeriodicJob,
    slot: Slot,
    startedAt: number,
    clock: number,
  ): Promise<boolean> {
    const summary = await job.runOutside(slot);
    return this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, job, slot, startedAt))) return false;
      await this.finish(tx, job, slot, summary, clock);
      return true;
    });
  }

  /** The (job, slot) row: false when the slot was run already, by anyone. */
  private async claim(tx: Tx, job: Job, slot: Slot, startedAt: number): Promise<boolean> {
    const rows = await tx.query(
      `insert into job_runs (job, slot, slot_start, started_at, duration_ms)
       values ($1, $2, $3, $4, 0) on conflict (job, slot) do nothing returning job`,
      [job.name, slot.key, new Date(slot.start), new Date(startedAt)],
    );
    return rows.length === 1;
  }

  private async finish(
    tx: Tx,
    job: Job,
    slot: Slot,
    summary: JobSummary,
    clock: number,
  ): Promise<void> {
    const ms = Math.min(2 ** 31 - 1, Math.round(performance.now() - clock));
    await tx.query(
      'update job_runs set duration_ms = $3, summary = $4 where job = $1 and slot = $2',
      [job.name, slot.key, ms, JSON.stringify(summary)],
    );
    // A failure is rare: its row is cleared only where one may exist (failed here, or before
    // this node led).
    if (this.mayHaveFailed.has(job.name)) {
      await tx.query('delete from job_failures where job = $1 and slot = $2', [job.name, slot.key]);
    }
    // An interval job's old runs go with its first slot of each hour (not a delete per slot).
    if (job.schedule.every === 'interval' && slot.start % PRUNE_EVERY_MS < job.schedule.ms) {
      await tx.query('delete from job_runs where job = $1 and slot_start < $2', [
        job.name,
        new Date(slot.start - INTERVAL_RUNS_KEPT_MS),
      ]);
    }
  }

  private async recordFailure(job: Job, slot: Slot, err: unknown): Promise<void> {
    await this.db.query(
      `insert into job_failures (job, slot, attempts, last_error, last_at) values ($1, $2, 1, $3, $4)
       on conflict (job, slot) do update
         set attempts = job_failures.attempts + 1, last_error = $3, last_at = $4`,
      [
        job.name,
        slot.key,
        String((err as Error).message).slice(0, 500),
        new Date(this.options.now()),
      ],
    );
  }

  private async readLastRun(job: Job): Promise<Slot | undefined> {
    const [failed] = await this.db.query('select 1 from job_failures where job = $1 limit 1', [
      job.name,
    ]);
    if (failed === undefined) this.mayHaveFailed.delete(job.name);
    else this.mayHaveFailed.add(job.name);
    const [row] = await this.db.query<{ slot: string; slot_start: Date }>(
      'select slot, slot_start from job_runs where job = $1 order by slot_start desc limit 1',
      [job.name],
    );
    if (row === undefined) return undefined;
    const slot = { key: row.slot, start: new Date(row.slot_start).getTime() };
    this.lastRun.set(job.name, slot);
    return slot;
  }

  /** Every declared job with its last run and its failing slot, for staff and health checks. */
  async status(): Promise<JobStatus[]> {
    const runs = await this.db.query<{
      job: string;
      slot: string;
      started_at: Date;
      duration_ms: number;
    }>(
      `select distinct on (job) job, slot, started_at, duration_ms from job_runs
        order by job, slot_start desc`,
    );
    const failures = await this.db.query<{
      job: string;
      slot: string;
      attempts: number;
      last_error: string;
      last_at: Date;
    }>('select distinct on (job) * from job_failures order by job, last_at desc');
    return [...this.jobs.values()].map((job) => {
      const run = runs.find((r) => r.job === job.name);
      const failure = failures.find((f) => f.job === job.name);
      return {
        name: job.name,
        schedule: job.schedule,
        lastSlot: run?.slot ?? null,
        lastStartedAt: run ? new Date(run.started_at).toISOString() : null,
        lastDurationMs: run?.duration_ms ?? null,
        failing: failure
          ? {
              slot: failure.slot,
              attempts: failure.attempts,
              lastError: failure.last_error,
              lastAt: new Date(failure.last_at).toISOString(),
            }
          : null,
      };
    });
  }
}
