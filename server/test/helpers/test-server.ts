import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { createServer, type Server } from '../../src/server.ts';
import { takeStrayAnswers } from './answer-check.ts';

/** The local PostgreSQL the scale-out suites use (trust auth on this machine and in CI). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const usePostgres = process.env.TEST_DATABASE === 'postgres';

export interface TestServer extends Server {
  dataDir: string;
  /** POST or GET a contract path; returns the parsed envelope and the HTTP status. */
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; code: number; result: unknown }>;
  /** The newest code sent to `to` through the local outbox. */
  lastCode(to: string): Promise<string>;
  count(table: string): Promise<number>;
}

async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kestrel_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A whole server on a fresh database: PGlite in memory, or a new PostgreSQL database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-test-'));
  const pgDb = usePostgres ? await createTestDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PGLITE_STORAGE: 'memory',
    PGLITE_TEMPLATE: inject('pgliteTemplate'),
    LOG_LEVEL: 'silent',
    APP_DIST: '',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    DEV_OUTBOX_ROUTE: 'true',
    MARKET_BACKFILL_DAYS: '4',
    // The spot market maker quotes when a test asks it to (spotDesks.quoteAll), not every second.
    SPOT_QUOTE_MS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const server = await createServer(config);
  await server.app.ready();
  return {
    ...server,
    dataDir,
    async call(method, url, options = {}) {
      const res = await server.app.inject({
        method,
        url,
        payload: options.body === undefined ? undefined : (options.body as object),
        headers: {
          ...(options.token === undefined ? {} : { authorization: options.token }),
          ...options.headers,
        },
      });
      const parsed = res.json<{ code: number; result: unknown }>();
      return { status: res.statusCode, code: parsed.code, result: parsed.result };
    },
    async lastCode(to) {
      const [entry] = await server.outbox.read(1, to);
      const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
      if (code === undefined) throw new Error(`no code in the outbox for ${to}`);
      return code;
    },
    async count(table) {
      const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      return row?.n ?? 0;
    },
    async close() {
      await server.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
      const strays = takeStrayAnswers();
      if (strays.length > 0) {
        throw new Error(`answers outside their contract schemas:\n${strays.join('\n')}`);
      }
    },
  };
}
