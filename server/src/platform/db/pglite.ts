import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Tx } from './database.ts';

/** The embedded database: one PGlite instance, on disk under `dataDir` or in memory. */
export async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  let location: string | undefined;
  if (dataDir !== 'memory') {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const db = new PGlite(location);
  await db.waitReady;
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(db),
    // The one place a Tx is made: inside the driver's transaction.
    transaction: (fn) => db.transaction((tx) => fn(asQueryable(tx) as Tx)),
    close: () => db.close(),
  };
}
