import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, Tx } from './database.ts';

// Ids are int8; PGlite returns them as numbers, so PostgreSQL does too (ids stay < 2^53).
// NUMERIC stays a string: money is never a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Connections of the engine lane (database.ts): one per busy single writer is plenty. */
const ENGINE_POOL_SIZE = 3;
/** Distinct statements prepared; past it the rest run unprepared (planned every time). */
const PREPARED_MAX = 500;
const prepared = new Map<string, string>();

/**
 * A statement with parameters is prepared once per connection, under a name from its text:
 * the services run the same few hundred statements over and over, and planning each one
 * every time was a large share of a busy single writer's round trips (bench/spot-orders.ts).
 */
function statement(text: string, values: unknown[]): pg.QueryConfig {
  let name = prepared.get(text);
  if (name === undefined && values.length > 0 && prepared.size < PREPARED_MAX) {
    name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    prepared.set(text, name);
  }
  return name === undefined ? { text, values } : { name, text, values };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const engines = new pg.Pool({ connectionString: url, max: ENGINE_POOL_SIZE });
  // An idle connection the server closes (restart, failover) must not crash the process;
  // the pool replaces it on the next query. Once closing, it is expected: pool.end() resolves
  // before each connection's goodbye reaches the server, which may end it first.
  let closing = false;
  for (const p of [pool, engines]) {
    p.on('error', (err) => {
      if (!closing) console.error('PostgreSQL idle connection error:', err.message);
    });
  }
  await pool.query('select 1');
  const queryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await q.query<T>(statement(sql, params as unknown[]))).rows,
    exec: async (sql: string) => {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(fn, lane = 'shared') {
      const client = await (lane === 'engine' ? engines : pool).connect();
      try {
        await client.query('begin');
        // The one place a Tx is made: between begin and commit on one client.
        const result = await fn(queryable(client) as Tx);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    close: async () => {
      closing = true;
      await Promise.all([pool.end(), engines.end()]);
    },
  };
}
