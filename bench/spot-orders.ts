/**
 * Spot orders per second end to end through the HTTP API on PostgreSQL: 16 clients (on a
 * thread of their own, so they do not share the server's event loop; node:http, the lightest
 * client at hand, since they do share its two cores), each placing limit
 * orders on BTC/USDT that cross the others' about half the time (submit), so every other
 * order fills. Every fill is ledger transfers (base and quote legs, fees, the hold
 * released), so beside it, in the same run: the ledger transfers per second those orders
 * made, and `pgbench -N` with 16 clients on the same PostgreSQL (the goal: >= 50 % of it).
 *
 *   npx tsx bench/spot-orders.ts      (BENCH_ORDERS=600 per client)
 */
import { Worker } from 'node:worker_threads';
import { POSTGRES_ADMIN_URL, startPostgresServer } from './support/postgres-server.ts';
import { toUnits } from '../server/src/money/decimal.ts';
import { pgbenchTps } from './support/pgbench.ts';

const CLIENTS = 16;
const orders = Number(process.env.BENCH_ORDERS ?? 600);

/**
 * The clients, on a thread of their own as they would be on other machines: their requests and
 * answers do not take turns with the server's on its event loop. Plain JavaScript, so the
 * thread needs no loader. Each client places its orders one after another; answers how many
 * were refused.
 */
const CLIENTS_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const { base, tokens, orders } = workerData;
// node:http with kept-alive sockets rather than fetch: the clients share this machine's two
// cores with the server, and fetch costs them about twice the CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
function post(path, token, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method: 'POST', agent, headers: {
      'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
      authorization: token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
    });
    req.on('error', reject);
    req.end(body);
  });
}
let refused = 0;
Promise.all(tokens.map(async (token, c) => {
  for (let i = 0; i < orders; i++) {
    // Buyers and sellers alternate around 60,000: about half the orders cross a resting one.
    const side = (c + i) % 2 === 0 ? 'buy' : 'sell';
    const away = (c * 7 + i * 3) % 5;
    const price = side === 'buy' ? 60000 + away - 2 : 60000 - away + 2;
    const answer = await post('/swx/customer/order/submit', token, JSON.stringify({
      key: randomBytes(12).toString('hex'), code: 'BTCUSDT', side, type: 'limit',
      price: String(price), qty: '0.001' }));
    if (answer.code !== 200) refused += 1;
  }
})).then(() => parentPort.postMessage(refused));
`;

function runClients(base: string, tokens: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS_THREAD, { eval: true, workerData: { base, tokens, orders } });
    worker.once('message', (refused: number) => {
      resolve(refused);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  const bench = await startPostgresServer('spot', { SPOT_QUOTE_MS: '0' });
  const { server, base } = bench;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const [row] = await server.db.query<{ id: number }>(
        `insert into users (username, email, password_hash, invite_code)
         values ($1, $2, 'x', $3) returning id`,
        [`benchspot${i}`, `benchspot${i}@example.test`, `BENCHS${i}X`],
      );
      const id = Number(row?.id);
      await server.modules.trading.fundDemo(id);
      await server.ledger.transfer({
        key: `bench-spot-btc:${id}`,
        asset: 'BTC',
        book: 'demo',
        legs: [
          {
            from: { platform: 'demo_faucet' },
            to: { user: id, purpose: 'available' },
            amount: toUnits('1', 8),
            kind: 'adjust_credit',
          },
        ],
      });
      const { token } = await server.modules.auth.sessions.create(server.db, id, {
        ip: '127.0.0.1',
        userAgent: 'bench',
      });
      tokens.push(token);
    }
    const count = async (sql: string) =>
      Number((await server.db.query<{ n: string }>(sql))[0]?.n ?? 0);
    const transfersBefore = await count('select count(*)::text as n from ledger_transfers');
    const fillsBefore = await count('select count(*)::text as n from spot_fills');
    const started = performance.now();
    const refused = await runClients(base, tokens);
    const seconds = (performance.now() - started) / 1000;
    const transfers =
      (await count('select count(*)::text as n from ledger_transfers')) - transfersBefore;
    const fills = (await count('select count(*)::text as n from spot_fills')) - fillsBefore;
    const perSecond = (n: number) => Math.round(n / seconds);
    console.info(
      `Spot orders through the API on PostgreSQL, ${CLIENTS} clients, one book (BTC/USDT demo)`,
    );
    console.info(
      `  submit        ${String(perSecond(orders * CLIENTS)).padStart(6)} orders/s   (${orders * CLIENTS} orders, ${fills} fills, ${refused} refused, ${seconds.toFixed(1)} s)`,
    );
    console.info(
      `  ledger        ${String(perSecond(transfers)).padStart(6)} transfers/s (${transfers} transfers in those orders)`,
    );
    await bench.stop();
    const tps = await pgbenchTps(POSTGRES_ADMIN_URL, CLIENTS, 10);
    if (tps !== undefined) {
      console.info(
        `  pgbench -N    ${String(Math.round(tps)).padStart(6)} tps  (baseline, same PostgreSQL, 16 clients)`,
      );
      console.info(
        `  ledger transfers/s are ${Math.round((perSecond(transfers) / tps) * 100)} % of pgbench -N (goal >= 50 %)`,
      );
    }
  } finally {
    await bench.finish();
  }
}

await main();
