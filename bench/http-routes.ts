/**
 * Requests/second and p99 latency of getUserInfo, listMarketByType (a page, and a search) and
 * listContents on PGlite and on PostgreSQL,
 * next to a bare Fastify route measured in the same run (goal: at least 50% of it), and next to
 * the product's own plugin stack answering a route that does no work (/livez: security headers,
 * compression, CORS, rate limit, logging), so that a route's own work and the stack's cost can
 * be told apart. The market
 * list's ~21 KB page is also set beside a bare route sending a constant answer of that size: the
 * bytes alone bound it, however it is built.
 *
 *   npm run bench                      (BENCH_SECONDS=10 BENCH_CONNECTIONS=10 by default)
 *
 * PostgreSQL is measured when it answers at BENCH_POSTGRES_URL (default the local server).
 */
import pg from 'pg';
import { load, startBenchServer, stop, type Figures } from './support/measure.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function row(
  name: string,
  f: Figures,
  bare: Figures,
  sameSize?: { label: string; f: Figures },
  stack?: Figures,
) {
  const ratio = (of: Figures) => ((f.requestsPerSecond / of.requestsPerSecond) * 100).toFixed(0);
  const bad = f.errors + f.non2xx > 0 ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : '';
  const ofStack = stack === undefined ? '' : `  ${ratio(stack).padStart(3)}% of the stack`;
  const beside = sameSize === undefined ? '' : `  (${ratio(sameSize.f)}% of the ${sameSize.label})`;
  console.info(
    `${name.padEnd(38)} ${String(f.requestsPerSecond).padStart(7)} req/s  p99 ${String(f.p99Ms).padStart(4)} ms  ${ratio(bare).padStart(3)}% of bare${ofStack}${beside}${bad}`,
  );
}

async function freshPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const admin = new pg.Client({ connectionString: postgresAdmin });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `kestrel_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresAdmin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function measureApp(
  label: string,
  env: Record<string, string>,
  bare: Figures,
  bareList: { label: string; f: Figures },
) {
  const app = await startBenchServer('app', env);
  const base = `http://127.0.0.1:${app.port}`;
  try {
    const stack = await load(`${base}/livez`, { seconds, connections });
    row(`plugin stack, no route work (${label})`, stack, bare);
    row(
      `getUserInfo (${label})`,
      await load(`${base}/swx/customer/user/getUserInfo`, {
        method: 'POST',
        headers: {
          authorization: app.token ?? '',
          'content-type': 'application/json',
          virtually: 'NO',
        },
        body: '{}',
        seconds,
        connections,
      }),
      bare,
      undefined,
      stack,
    );
    row(
      `listMarketByType (${label})`,
      await load(`${base}/swx/customer/index/listMarketByType?type=2&size=20`, {
        seconds,
        connections,
      }),
      bare,
      bareList,
      stack,
    );
    row(
      `listMarketByType search (${label})`,
      await load(`${base}/swx/customer/index/listMarketByType?type=2&size=20&search=coin`, {
        seconds,
        connections,
      }),
      bare,
      undefined,
      stack,
    );
    row(
      `listContents/2 (${label})`,
      await load(`${base}/swx/customer/index/listContents/2?lang=en`, { seconds, connections }),
      bare,
      undefined,
      stack,
    );
  } finally {
    await stop(app.child);
  }
}

const bareServer = await startBenchServer('bare');
const bareBase = `http://127.0.0.1:${bareServer.port}`;
const bare = await load(`${bareBase}/bare`, { seconds, connections });
const listKb = ((await (await fetch(`${bareBase}/bare-list`)).text()).length / 1024).toFixed(0);
const bareList = {
  label: `bare ${listKb} KB answer`,
  f: await load(`${bareBase}/bare-list`, { seconds, connections }),
};
const bareHelmet = await load(`${bareBase}/bare-helmet`, { seconds, connections });
const bareHeaders = await load(`${bareBase}/bare-headers`, { seconds, connections });
await stop(bareServer.child);
console.info(`${seconds} s per figure, ${connections} connections, autocannon on loopback\n`);
row('bare Fastify route', bare, bare);
row(`bare Fastify route, ${listKb} KB answer`, bareList.f, bare);
row('bare + helmet run in a hook', bareHelmet, bare);
row('bare + precomputed security headers', bareHeaders, bare);

await measureApp('PGlite', {}, bare, bareList);
const postgres = await freshPostgresDatabase();
if (postgres === undefined) {
  console.info('PostgreSQL not reachable: its figures are skipped');
} else {
  try {
    await measureApp('PostgreSQL', { DATABASE_URL: postgres.url }, bare, bareList);
  } finally {
    await postgres.drop();
  }
}
