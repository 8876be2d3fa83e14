import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
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

/**
 * A user with a live session, written straight to the database (no e-mail round trip): `tag`
 * names the user, `invite` is its invite code; both unique in the run.
 */
export async function sessionUser(
  db: pg.Client,
  tag: string,
  invite: string,
): Promise<{ id: number; token: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (username, email, password_hash, invite_code)
     values ($1, $2, 'not-a-hash', $3) returning id`,
    [tag, `${tag}@example.test`, invite.toUpperCase()],
  );
  const token = randomBytes(24).toString('hex');
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
     values ($1, $2, now() + interval '1 hour', '127.0.0.1', 'test')`,
    [rows[0]?.id, createHash('sha256').update(token).digest('hex')],
  );
  return { id: Number(rows[0]?.id), token };
}

/** One call to a node's API, its envelope answered (a hung node fails it after 15 s). */
export async function nodeCall(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ code: number; result: unknown }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as { code: number; result: unknown };
}

/** Ends every node still running (SIGTERM) and waits for each to exit. */
export async function stopNodes(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  }
}
