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

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all of its writes commit, or none do. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
