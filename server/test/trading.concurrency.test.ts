import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '../src/money/decimal.ts';
import { quickUser, requestKey } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';

/**
 * Races on one position (meant for PostgreSQL, where the requests really run side by side;
 * also run on PGlite): the person's close, clicked several times, a take profit crossed by a
 * tick, and another engine's liquidation of the same position, all at once. Each position
 * must close exactly once, with one margin release and one profit or loss.
 */
describe('trading under concurrency', () => {
  let server: TestServer;
  let btcId = 0;
  let ts = Date.now() - 600_000;
  const tick = (price: string) => {
    ts += 100;
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  };

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off' });
    btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
    tick('60000.00');
  });
  afterAll(() => server.close());

  it('a close racing a take profit and a liquidation on the same tick settles once', async () => {
    const { contracts, engine } = server.modules.trading;
    const positions: { id: number; token: string; userId: number }[] = [];
    for (let i = 0; i < 16; i++) {
      const user = await quickUser(server);
      const res = await server.call('POST', `${ORDER}/buyU`, {
        token: user.token,
        body: {
          key: requestKey(),
          instrumentId: btcId,
          type: 'market',
          side: 'long',
          lots: '0.01',
          leverage: 10,
          stopLoss: '55000',
          takeProfit: '60100',
        },
      });
      expect(res.code).toBe(200);
      positions.push({ id: (res.result as { id: number }).id, token: user.token, userId: user.id });
    }

    const used = { code: 'BTCUSDT', price: '60200.00', ts: ts + 100 };
    const races = positions.flatMap((p) => [
      server.call('POST', `${ORDER}/stopU`, { token: p.token, body: { id: p.id } }),
      server.call('POST', `${ORDER}/stopU`, { token: p.token, body: { id: p.id } }),
      contracts.close(p.id, 'liquidation', used, toUnits('60194.00', 2)),
    ]);
    tick('60200.00'); // crosses every take profit: the engine fires them now
    const answers = await Promise.all(races);
    await engine.idle();

    // Each person's clicks: at most one closed it, the others were told it is over (10174).
    for (let i = 0; i < positions.length; i++) {
      const [a, b] = [answers[i * 3], answers[i * 3 + 1]] as { code: number }[];
      expect([a?.code, b?.code].every((c) => c === 200 || c === 10174)).toBe(true);
    }
    const ids = positions.map((p) => p.id);
    const rows = await server.db.query<{ status: string; n_release: number; n_profit: number }>(
      `select o.status,
              (select count(*)::int from ledger_batches
                where idempotency_key = 'contract-end:' || o.id || ':release') as n_release,
              (select count(*)::int from ledger_batches
                where idempotency_key = 'contract-end:' || o.id || ':profit') as n_profit
         from contract_orders o where o.id = any($1)`,
      [ids],
    );
    expect(rows).toHaveLength(16);
    for (const r of rows) expect(r).toEqual({ status: 'closed', n_release: 1, n_profit: 1 });
    const [sum] = await server.db.query<{ total: string }>(
      `select sum(balance)::text as total from ledger_accounts where asset = 'USDT' and book = 'demo'`,
    );
    expect(Number(sum?.total)).toBe(0);
    const negative = await server.db.query(
      'select id from ledger_accounts where user_id is not null and balance < 0',
    );
    expect(negative).toEqual([]);
  });

  it('concurrent opens cannot pass the live-order limit or spend a balance twice', async () => {
    const user = await quickUser(server);
    // 10,000 demo USDT; each order needs about 602 margin and 12 fee: 16 fit, not 17.
    const opens = Array.from({ length: 24 }, () =>
      server.call('POST', `${ORDER}/buyU`, {
        token: user.token,
        body: {
          key: requestKey(),
          instrumentId: btcId,
          type: 'market',
          side: 'long',
          lots: '0.1',
          leverage: 10,
          stopLoss: '55000',
          takeProfit: '70000',
        },
      }),
    );
    const codes = (await Promise.all(opens)).map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(16);
    expect(codes.filter((c) => c !== 200).every((c) => c === 10092)).toBe(true);
    const [held] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from contract_orders where user_id = $1 and status = 'open'`,
      [user.id],
    );
    expect(held?.n).toBe(16);
  });
});
