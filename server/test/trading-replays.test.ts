import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, quickUser, REAL, requestKey } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';

/**
 * Replays scoped by person and book, and numbers read only as sent: a key used in one book is
 * refused in the other (10134, as spot answers), a whole number is a JSON integer or its
 * canonical digits (never "1e1", "0xa", "+10", "10.0", [10] or true), and a price sent with a
 * market order is refused rather than ignored. Each refusal writes nothing.
 */
describe('trading replays and numbers', () => {
  let server: TestServer;
  let btcId = 0;
  let user: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off' });
    btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
    server.modules.market.market.ingest([
      { code: 'BTCUSDT', price: '60000.00', volume: '0', ts: Date.now() - 1000 },
    ]);
    user = await quickUser(server);
    // Real USDT, so the key's second use in the other book would otherwise go through.
    await credit(server, user.id, { asset: 'USDT', amount: '5000', book: 'real' });
  });
  afterAll(() => server.close());

  const post = (path: string, body: unknown, real = false) =>
    server.call('POST', `${ORDER}/${path}`, {
      token: user.token,
      body,
      ...(real ? { headers: REAL } : {}),
    });
  const written = async () => {
    const [row] = await server.db.query<{ n: number }>(
      `select ((select count(*) from contract_orders) + (select count(*) from option_orders)
               + (select count(*) from ledger_batches))::int as n`,
    );
    return row?.n ?? 0;
  };
  const open = (over: Record<string, unknown> = {}) => ({
    key: requestKey(),
    instrumentId: btcId,
    type: 'market',
    side: 'long',
    lots: '0.01',
    leverage: 10,
    stopLoss: '55000',
    takeProfit: '65000',
    ...over,
  });

  it('refuses a key used in the other book, for contracts and options alike', async () => {
    const contract = open();
    expect((await post('buyU', contract)).code).toBe(200);
    const option = {
      key: requestKey(),
      instrumentId: btcId,
      seconds: 30,
      direction: 'up',
      amount: '10',
    };
    expect((await post('buyOptions', option)).code).toBe(200);
    const before = await written();
    expect((await post('buyU', contract, true)).code).toBe(10134);
    expect((await post('buyOptions', option, true)).code).toBe(10134);
    // The same body in the same book is a replay: the first order, nothing new.
    expect((await post('buyU', contract)).code).toBe(200);
    expect(await written()).toBe(before);
  });

  it('reads whole numbers only as a JSON integer or canonical digits', async () => {
    const hostile = ['1e1', '0xa', '+10', '10.0', ' 10', '010', [10], true, 10.5, -10, null, {}];
    const before = await written();
    for (const value of hostile) {
      expect(
        (await post('buyU', open({ leverage: value }))).code,
        `leverage ${String(value)}`,
      ).toBe(10016);
      const instrument = await post('buyU', open({ instrumentId: value }));
      expect(instrument.code, `instrumentId ${JSON.stringify(value)}`).toBe(10115);
      const option = {
        key: requestKey(),
        instrumentId: btcId,
        seconds: value,
        direction: 'up',
        amount: '10',
      };
      expect((await post('buyOptions', option)).code, `seconds ${String(value)}`).toBe(10017);
      expect((await post('stopU', { id: value })).code, `id ${String(value)}`).toBe(10101);
    }
    for (const page of ['1e1', '0xa', '+1', '1.0', '01', '[1]', 'true']) {
      const res = await server.call('GET', `${ORDER}/listUOrder?page=${encodeURIComponent(page)}`, {
        token: user.token,
      });
      expect(res.code, `page ${page}`).toBe(10100);
    }
    expect(await written()).toBe(before);
    // The canonical forms are read.
    expect((await post('buyU', open({ leverage: '10', instrumentId: String(btcId) }))).code).toBe(
      200,
    );
  });

  it('refuses a price sent with a market order instead of ignoring it', async () => {
    const before = await written();
    const res = await post('buyU', open({ price: '59000' }));
    expect(res.code).toBe(10100);
    expect(res.result).toMatchObject({ field: 'price' });
    expect(await written()).toBe(before);
  });
});
