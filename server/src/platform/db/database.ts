/** The small surface the services use, the same over PGlite and PostgreSQL. */
export interface Queryable {
  query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

declare const insideTransaction: unique symbol;

/**
 * A connection inside `Database.transaction`, the only thing that hands one out: a write that
 * must commit with others (every ledger move and the business row that causes it) asks for
 * this type, so calling it outside a transaction does not type-check.
 */
export type Tx = Queryable & { readonly [insideTransaction]: true };

/**
 * Which connections a transaction runs on. `engine`: the few connections kept for the single
 * writers (a spot book's desk): every request of a burst waits for that writer, so it must not
 * wait in line for a connection behind them.
 */
export type Lane = 'shared' | 'engine';

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all of its writes commit, or none do. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, lane?: Lane): Promise<T>;
  close(): Promise<void>;
}

/** Hooks one transaction runs after it commits: bounded, as a transaction's writes are. */
const COMMIT_HOOKS_MAX = 10_000;
const commitHooks = new WeakMap<Tx, Array<() => void>>();

/**
 * Runs `hook` once `tx` has committed, and never if it rolls back (a live push of a row the
 * transaction wrote: a retried or failed transaction pushes nothing it did not keep).
 */
export function onCommit(tx: Tx, hook: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks === undefined) throw new Error('onCommit outside a transaction of withCommitHooks');
  if (hooks.length >= COMMIT_HOOKS_MAX) throw new Error('too many commit hooks in one transaction');
  hooks.push(hook);
}

/** The database whose transactions run their `onCommit` hooks (openDatabase wraps with it). */
export function withCommitHooks(db: Database): Database {
  const transaction: Database['transaction'] = async (fn, lane) => {
    let hooks: Array<() => void> = [];
    const result = await db.transaction((tx) => {
      hooks = [];
      commitHooks.set(tx, hooks);
      return fn(tx);
    }, lane);
    for (const hook of hooks) {
      try {
        hook();
      } catch (err) {
        // The transaction is kept: a failed push is the reader's loss, caught up on its next read.
        console.error('a commit hook failed:', (err as Error).message);
      }
    }
    return result;
  };
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    transaction,
  };
}
