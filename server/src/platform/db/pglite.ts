import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Tx } from './database.ts';

/** How long the embedded database's work may hold the event loop before it lets it turn. */
const YIELD_MS = 10;

/**
 * The embedded database: one PGlite instance, on disk under `dataDir` or in memory; in memory
 * it may start from `template`, a dump of another (PGlite's dumpDataDir).
 */
export async function openPglite(
  dataDir: string | 'memory',
  template?: Blob,
): Promise<Database & { dump(): Promise<Blob> }> {
  let location: string | undefined;
  if (dataDir !== 'memory') {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const db = template === undefined ? new PGlite(location) : new PGlite({ loadDataDir: template });
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
  // PGlite runs in this thread and answers through promises alone: back-to-back transactions
  // never let a timer or a socket run (the live hub's sends, the feed stalled for seconds under
  // a burst, bench/notification-fanout.ts). A transaction that ends more than YIELD_MS after the
  // last turn of the event loop lets it turn once.
  let lastTurn = performance.now();
  const turn = async () => {
    if (performance.now() - lastTurn < YIELD_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };
  return {
    kind: 'pglite',
    ...asQueryable(db),
    // The one place a Tx is made: inside the driver's transaction.
    transaction: async (fn) => {
      try {
        return await db.transaction((tx) => fn(asQueryable(tx) as Tx));
      } finally {
        await turn();
      }
    },
    close: () => db.close(),
    // The whole database as one file, to start others from (PGLITE_TEMPLATE).
    dump: () => db.dumpDataDir('none'),
  };
}
