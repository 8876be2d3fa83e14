/**
 * Contracts opened and closed per second through the HTTP API on PostgreSQL, 16 clients, each
 * opening a market long with stop loss and take profit (buyU) and closing it at market (stopU).
 * Beside it, in the same run and the same process: the same 16 clients calling an authenticated
 * read (getUserInfo), the baseline of what one request costs here without a ledger write.
 *
 *   npx tsx bench/trading-orders.ts      (BENCH_CYCLES=50 per client)
 */
import { randomBytes } from 'node:crypto';
import { startPostgresServer } from './support/postgres-server.ts';

const CLIENTS = 16;
const cycles = Number(process.env.BENCH_CYCLES ?? 50);

async function main(): Promise<void> {
  const bench = await startPostgresServer('trading');
  const { server, base } = bench;
  try {
    server.modules.market.market.ingest([
      { code: 'BTCUSDT', price: '60000.00', volume: '0', ts: Date.now() },
    ]);
    const btc = server.modules.market.tradable('BTCUSDT')?.id ?? 0;

    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const [row] = await server.db.query<{ id: number }>(
        `insert into users (username, email, password_hash, invite_code)
         values ($1, $2, 'x', $3) returning id`,
        [`benchtrader${i}`, `benchtrader${i}@example.test`, `BENCHT${i}X`],
      );
      const id = Number(row?.id);
      await server.modules.trading.fundDemo(id);
      const { token } = await server.modules.auth.sessions.create(server.db, id, {
        ip: '127.0.0.1',
        userAgent: 'bench',
      });
      tokens.push(token);
    }
    const call = async (path: string, token: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(body ?? {}),
      });
      const answer = (await res.json()) as { code: number; result: { id: number } };
      if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}`);
      return answer.result;
    };

    const timed = async (work: (token: string) => Promise<void>) => {
      const started = performance.now();
      await Promise.all(
        tokens.map(async (token) => {
          for (let i = 0; i < cycles; i++) await work(token);
        }),
      );
      return (performance.now() - started) / 1000;
    };

    const readSeconds = await timed(async (token) => {
      await call('/swx/customer/user/getUserInfo', token);
    });
    const tradeSeconds = await timed(async (token) => {
      const order = await call('/swx/customer/order/buyU', token, {
        key: randomBytes(12).toString('hex'),
        instrumentId: btc,
        type: 'market',
        side: 'long',
        lots: '0.01',
        leverage: 10,
        stopLoss: '55000',
        takeProfit: '70000',
      });
      await call('/swx/customer/order/stopU', token, { id: order.id });
    });
    await server.modules.trading.engine.idle();

    const n = CLIENTS * cycles;
    const pad = (s: string) => s.padEnd(52);
    console.info(`PostgreSQL, ${CLIENTS} clients over HTTP, ${cycles} each, one process`);
    console.info(
      `${pad('getUserInfo (baseline: authenticated read)')}${(n / readSeconds).toFixed(0).padStart(7)} requests/s`,
    );
    console.info(
      `${pad('buyU + stopU (open and close a contract)')}${(n / tradeSeconds).toFixed(0).padStart(7)} positions/s  (${((2 * n) / tradeSeconds).toFixed(0)} requests/s, ${(((2 * n) / tradeSeconds / (n / readSeconds)) * 100).toFixed(0)}% of the baseline's request rate)`,
    );
  } finally {
    await bench.finish();
  }
}

await main();
