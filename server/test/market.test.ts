import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import { Code } from '../../contract/errors.ts';
import type { HomeStats, MarketInfo, MarketItem } from '../../contract/market/schemas.ts';
import type { LiveFrame } from '../../contract/live.ts';
import type { TickBatch } from '../../contract/market/frames.ts';
import type { PriceUpdate } from '../../contract/market/price-feed.ts';
import { liveOf } from './helpers/live.ts';
import { registerByEmail } from './helpers/accounts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const INDEX = '/swx/customer/index';
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ MARKET_TICK_MS: '100' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});

const list = async (query: string) => {
  const res = await server.call('GET', `${INDEX}/listMarketByType?${query}`);
  return res as { code: number; result: { list: MarketItem[]; total: number } };
};

describe('market calls', () => {
  it('lists at least ten simulated instruments in every category, with prices and history', async () => {
    for (const type of [1, 2, 3, 4, 5]) {
      const { code, result } = await list(`type=${type}&size=100`);
      expect(code).toBe(200);
      expect(result.total).toBeGreaterThanOrEqual(10);
      for (const item of result.list) {
        expect(item.type).toBe(type);
        expect(item.simulated).toBe(true);
        expect(item.price).toMatch(/^\d+(\.\d+)?$/);
        expect(item.zdf).toMatch(/^-?\d+\.\d{2}$/);
        expect(item.hundred.length).toBeGreaterThan(0);
        expect(item.hundred.length).toBeLessThanOrEqual(100);
      }
    }
  });

  it('searches by code or name and pages', async () => {
    const { result } = await list('type=2&search=bitcoin');
    expect(result.list.map((i) => i.code)).toContain('BTCUSDT');
    const page2 = await list('type=2&size=5&page=2');
    const page1 = await list('type=2&size=5&page=1');
    expect(page2.result.list[0]?.code).not.toBe(page1.result.list[0]?.code);
  });

  it('returns candles in time order, and the detail of one market', async () => {
    const btc = (await list('type=2&search=BTCUSDT')).result.list[0];
    expect(btc).toBeDefined();
    for (const tf of ['1m', '5m', '1h', '1d', '1w', '1M']) {
      const res = await server.call(
        'GET',
        `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&timeframe=${tf}&limit=50`,
      );
      const candles = res.result as { t: number; o: string; h: string; l: string; c: string }[];
      expect(res.code).toBe(200);
      expect(candles.length).toBeGreaterThan(0);
      const times = candles.map((c) => c.t);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      for (const c of candles) expect(Number(c.h)).toBeGreaterThanOrEqual(Number(c.l));
    }
    const info = await server.call('GET', `${INDEX}/getMarketInfo/${btc?.id}`);
    expect(info.code).toBe(200);
    const detail = info.result as MarketInfo;
    expect(detail).toMatchObject({ code: 'BTCUSDT', base: 'BTC', quote: 'USDT' });
    expect(Number(detail.high24h)).toBeGreaterThanOrEqual(Number(detail.low24h));
  });

  it('answers bad codes, categories, timeframes and ranges with catalogue codes', async () => {
    const cases: [string, number][] = [
      [`listMarketByType?type=9`, Code.categoryWrong],
      [`listMarketByType?type=abc`, Code.categoryWrong],
      [`listMarketByType`, Code.categoryWrong],
      [`listMarketByType?type=1&size=100000`, Code.badRequest],
      [`listMarketByType?type=1&search=${'x'.repeat(100)}`, Code.badRequest],
      [`getKValueByCodeAndDate?code=NOPE&timeframe=1m`, Code.instrumentNotFound],
      [`getKValueByCodeAndDate?code=' or 1=1 --&timeframe=1m`, Code.instrumentNotFound],
      [`getKValueByCodeAndDate?code=BTCUSDT&timeframe=2h`, Code.noMatchingPeriod],
      [`getKValueByCodeAndDate?code=BTCUSDT&timeframe=1m&from=20&to=10`, Code.timeRangeWrong],
      [`getKValueByCodeAndDate?code=BTCUSDT&timeframe=1m&limit=0`, Code.timeRangeWrong],
      [`getKValueByCodeAndDate?code=BTCUSDT&timeframe=1m&from=-5`, Code.timeRangeWrong],
      [`getMarketInfo/999999`, Code.instrumentNotFound],
      [`getMarketInfo/abc`, Code.instrumentNotFound],
    ];
    for (const [path, code] of cases) {
      const res = await server.call('GET', `${INDEX}/${path}`);
      expect({ path, code: res.code }).toEqual({ path, code });
    }
  });

  it('records ticks and candles as they arrive', async () => {
    const before = await server.count('market_ticks');
    await new Promise((r) => setTimeout(r, 1500));
    await server.modules.market.market.flush();
    expect(await server.count('market_ticks')).toBeGreaterThan(before);
  });
});

describe('/message', () => {
  it('sends batched arrays of {code, price, zdf, ts} to a client', async () => {
    const ws = new WebSocket(`ws://${base}/message`);
    const [raw] = (await once(ws, 'message')) as [Buffer];
    const frame = JSON.parse(raw.toString()) as PriceUpdate[];
    expect(Array.isArray(frame)).toBe(true);
    expect(frame[0]).toEqual({
      code: expect.any(String),
      price: expect.any(String),
      zdf: expect.any(String),
      ts: expect.any(Number),
    });
    // One entry per code per frame: updates between frames are merged.
    expect(new Set(frame.map((u) => u.code)).size).toBe(frame.length);
    ws.close();
  });

  it('refuses browsers from other origins', async () => {
    const ws = new WebSocket(`ws://${base}/message`, {
      headers: { origin: 'https://evil.example' },
    });
    const [err] = (await once(ws, 'error')) as [Error];
    expect(err.message).toMatch(/403/);
  });
});

describe('home figures', () => {
  it('count a sign-up within a minute, with no restart', async () => {
    const stats = async () =>
      (await server.call('GET', `${INDEX}/getHomeStats`)).result as HomeStats;
    const before = await stats();
    expect(before.volume24hUsd).toMatch(/^\d+\.\d{2}$/);
    await registerByEmail(server);
    const start = Date.now();
    // Half a minute of server cache; the app refreshes every half minute on top of it.
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => start + 30_001);
    try {
      expect((await stats()).registeredUsers).toBe(before.registeredUsers + 1);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('watchlist', () => {
  const USER = '/swx/customer/user';
  it('adds, lists in order, ignores repeats, removes, and keeps each person to their own', async () => {
    const a = await registerByEmail(server);
    const b = await registerByEmail(server);
    for (const code of ['ETHUSDT', 'btcusdt', 'ETHUSDT']) {
      const res = await server.call('POST', `${USER}/addWatch`, { token: a.token, body: { code } });
      expect(res.code).toBe(200);
    }
    const listed = await server.call('GET', `${USER}/listWatch`, { token: a.token });
    expect((listed.result as { list: MarketItem[] }).list.map((i) => i.code)).toEqual([
      'ETHUSDT',
      'BTCUSDT',
    ]);
    const other = await server.call('GET', `${USER}/listWatch`, { token: b.token });
    expect((other.result as { list: MarketItem[] }).list).toEqual([]);
    await server.call('POST', `${USER}/removeWatch`, { token: a.token, body: { code: 'ETHUSDT' } });
    const after = await server.call('GET', `${USER}/listWatch`, { token: a.token });
    expect((after.result as { list: MarketItem[] }).list.map((i) => i.code)).toEqual(['BTCUSDT']);
  });

  it('refuses unknown markets and visitors, writing nothing', async () => {
    const a = await registerByEmail(server);
    const before = await server.count('watchlist');
    for (const code of ['NOPE', "'; drop table watchlist; --", '', 'x'.repeat(100)]) {
      const res = await server.call('POST', `${USER}/addWatch`, { token: a.token, body: { code } });
      expect(res.code).toBe(Code.instrumentNotFound);
    }
    expect(
      (await server.call('POST', `${USER}/addWatch`, { body: { code: 'BTCUSDT' } })).status,
    ).toBe(401);
    expect((await server.call('GET', `${USER}/listWatch`)).status).toBe(401);
    expect(await server.count('watchlist')).toBe(before);
  });
});

describe('/message one-instrument channel', () => {
  it('sends every tick of a subscribed instrument, and stops after unsubscribe', async () => {
    const ws = new WebSocket(`ws://${base}/message`);
    await once(ws, 'open');
    const tickMessages: LiveFrame[] = [];
    ws.on('message', (raw: Buffer) => {
      const frame = liveOf(raw);
      if (frame !== undefined) tickMessages.push(frame);
    });
    // Closed however the test ends: an open socket would hold the server's close.
    onTestFinished(() => ws.close());
    ws.send(JSON.stringify({ op: 'subscribe', topic: 'market.ticks', key: 'BTCUSDT' }));
    ws.send(JSON.stringify({ op: 'subscribe', topic: 'market.ticks', key: 'NOPE' }));
    // A topic the socket does not have, and the price list (every socket's, never followed).
    ws.send(JSON.stringify({ op: 'subscribe', topic: 'admin.secrets', key: 'all' }));
    ws.send(JSON.stringify({ op: 'subscribe', topic: 'market.prices', key: '*' }));
    ws.send('not json');
    for (let i = 0; i < 40 && tickMessages.length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(tickMessages.length).toBeGreaterThanOrEqual(2);
    for (const m of tickMessages) {
      expect(m.topic).toBe('market.ticks');
      expect(m.key).toBe('BTCUSDT');
      const times = (m.data as TickBatch).map((t) => t.ts);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    ws.send(JSON.stringify({ op: 'unsubscribe', topic: 'market.ticks', key: 'BTCUSDT' }));
    await new Promise((r) => setTimeout(r, 400));
    const count = tickMessages.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(tickMessages.length).toBe(count);
    ws.close();
  });
});
