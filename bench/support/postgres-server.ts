/**
 * The whole server on a fresh PostgreSQL database of its own, listening on a loopback port, for
 * the benchmarks that drive the API over HTTP in this process (spot orders, contract orders,
 * overlapping calls). `stop` closes the server (once); `finish` also drops the database.
 */
import pg from 'pg';
import { loadConfig } from '../../server/src/platform/config.ts';
import { createServer, type Server } from '../../server/src/server.ts';

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

export interface BenchServer {
  server: Server;
  /** http://127.0.0.1:PORT */
  base: string;
  stop(): Promise<void>;
  finish(): Promise<void>;
}

export async function startPostgresServer(
  tag: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dbName = `kestrel_bench_${tag}_${process.pid}`;
  await admin(`create database ${dbName}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${dbName}`;
  const server = await createServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: `/tmp/kestrel-bench-${process.pid}`,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      APP_DIST: '',
      RATE_LIMIT_MAX: '1000000',
      MARKET_FEED: 'off',
      ...env,
    }),
  );
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.close());
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    stop,
    async finish() {
      await stop();
      await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}
