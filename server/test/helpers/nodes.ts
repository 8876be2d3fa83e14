import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './test-server.ts';

/** Runs one statement on the PostgreSQL admin database (create and drop test databases). */
export async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** The URL of database `name` on the test PostgreSQL. */
export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A whole server as its own process (`server/src/main.ts`), answering on `port` once it is
 * ready; `env` adds to the test defaults (the database, Redis, the feed).
 */
export async function startNode(
  port: number,
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_DIST: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/swx/customer/index/getParamByKey/down_url`)).ok) {
        return { base, child };
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`node on ${port} did not start`);
}
