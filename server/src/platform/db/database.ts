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
