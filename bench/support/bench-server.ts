/**
 * Started as a child process by the benchmarks, so the load generator does not share its event
 * loop: `bare` serves two static routes (a small answer, one as large as a market list) on plain
 * Fastify, and the small one again with the security headers, set by helmet in a hook and as
 * the product's precomputed set; `app` serves the whole API on the database DATABASE_URL names (PGlite in memory when
 * unset) with one registered user, and the built app when APP_DIST names it.
 * Prints one JSON line: { port, token? }.
 */
import Fastify from 'fastify';
import helmet from 'helmet';
import { HELMET_OPTIONS, securityHeaders } from '../../server/src/http/security-headers.ts';
import { loadConfig } from '../../server/src/platform/config.ts';
import { createServer } from '../../server/src/server.ts';

const mode = process.argv[2];

async function bare(): Promise<void> {
  const app = Fastify({ logger: false });
  const payload = { code: 200, result: { id: 1, username: 'bench', email: null, book: 'demo' } };
  app.get('/bare', async () => payload);
  // An answer the size of a market list page (20 items with their last 100 prices, ~21 KB),
  // written once: what a route that does nothing else gets through, listMarketByType's ceiling.
  const item = (i: number) => ({
    id: i,
    code: `COIN${i}USDT`,
    type: 2,
    appName: `Coin ${i}`,
    logo: `/logos/coin${i}usdt.svg`,
    precision: 2,
    price: '123.45',
    zdf: '1.23',
    hundred: Array.from({ length: 100 }, (_, j) => (100 + j / 100).toFixed(2)),
    open: true,
    simulated: true,
  });
  const list = JSON.stringify({
    code: 200,
    result: { list: Array.from({ length: 20 }, (_, i) => item(i)), total: 20, page: 1, size: 20 },
  });
  app.get('/bare-list', async (_request, reply) => reply.type('application/json').send(list));
  // The same small answer with the security headers: helmet run in a hook on every request (as
  // before), and the product's one precomputed set.
  await app.register(async (scope) => {
    const apply = helmet(HELMET_OPTIONS);
    scope.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
    scope.get('/bare-helmet', async () => payload);
  });
  await app.register(async (scope) => {
    securityHeaders(scope);
    scope.get('/bare-headers', async () => payload);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.info(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
}

async function full(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: `/tmp/kestrel-bench-${process.pid}`,
    PGLITE_STORAGE: 'memory',
    LOG_LEVEL: 'silent',
    APP_DIST: process.env.APP_DIST ?? '',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    DEV_OUTBOX_ROUTE: 'true',
    MARKET_BACKFILL_DAYS: process.env.MARKET_BACKFILL_DAYS ?? '1',
  });
  const server = await createServer(config);
  const email = `bench${process.pid}@example.test`;
  const inject = (url: string, payload: object) =>
    server.app
      .inject({ method: 'POST', url, payload })
      .then((r) => r.json<{ code: number; result: { token: string } }>());
  await inject('/swx/customer/login/sendCode', { channel: 'email', purpose: 'register', email });
  const [message] = await server.outbox.read(1, email);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const registered = await inject('/swx/customer/login/register', {
    method: 'email',
    email,
    username: `bench${process.pid}`,
    password: 'Bench123abc',
    code,
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  console.info(
    JSON.stringify({
      port: typeof address === 'object' && address ? address.port : 0,
      token: registered.result.token,
    }),
  );
}

await (mode === 'bare' ? bare() : full());
