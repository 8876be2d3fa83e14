/**
 * Bounded re-runs of a transaction PostgreSQL gave up on: a deadlock (40P01) or a
 * serialization failure (40001) rolls the whole transaction back, so one that is safe to run
 * again (it does nothing outside the database before it commits) can simply be run again.
 * Rare by design (docs/ledger.md, "Lock order"): every run counts, so a benchmark or a
 * health check can show how rare.
 */

/** Runs of one transaction at most, the first included. */
export const TX_RUNS_MAX = 5;
/** The first wait before a re-run; each later one doubles, with full jitter. */
const BACKOFF_BASE_MS = 2;

export interface RetryStats {
  /** Re-runs made (each after a deadlock or serialization failure). */
  retried: number;
  /** Transactions that failed every run and were answered with the failure. */
  exhausted: number;
}

/** The SQLSTATE codes after which a transaction may be run again as it was. */
export function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` until it succeeds or fails for another reason, at most `TX_RUNS_MAX` times. The
 * waits are jittered so that the two transactions that deadlocked do not meet again.
 */
export async function withRetries<T>(
  run: () => Promise<T>,
  stats: RetryStats,
  onRetry?: (err: unknown, attempt: number) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isTransient(err)) throw err;
      if (attempt >= TX_RUNS_MAX) {
        stats.exhausted += 1;
        throw err;
      }
      stats.retried += 1;
      onRetry?.(err, attempt);
      await pause(Math.random() * BACKOFF_BASE_MS * 2 ** attempt);
    }
  }
}
