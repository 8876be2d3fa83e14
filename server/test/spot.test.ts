import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Placement } from '../src/trading/spot/desk.ts';
import { toUnits } from '../src/money/decimal.ts';
import { ADMIN, quickUser, requestKey, staffSession, USER } from './helpers/funds.ts';
import { spotViolations, waitingLevels } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';
type Order = {
  id: number;
  status: string;
  side: string;
  price: string | null;
  qty: string;
  filled: string;
  turnover: string;
  fee: string;
  feeAsset: string;
  held: string;
  reason: string | null;
};
type Book = {
  bids: { price: string; qty: string; total: string; platformQty: string }[];
  asks: { price: string; qty: string; total: string; platformQty: string }[];
  trades: { price: string; qty: string; side: string }[];
  last: string | null;
};
type SpotPairView = { code: string; takerFeeRate: string; marketBand: string };
type Balance = { assets: { asset: string; available: string; frozen: string }[] };

/** Spot trading through the API on one server; the feed is driven by the test. */
describe('spot: order book trading', () => {
  let server: TestServer;
  let ts = Date.now() - 60_000;

  const tick = (price: string) => {
    ts += 100;
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  };
  const submit = (token: string, body: Record<string, unknown>) =>
    server.call('POST', `${ORDER}/submit`, {
      token,
      body: { key: requestKey(), code: 'BTCUSDT', type: 'limit', ...body },
    });
  const balance = async (token: string, asset: string) => {
    const res = await server.call('GET', `${USER}/listBalance`, { token });
    const a = (res.result as Balance).assets.find((x) => x.asset === asset);
    return { available: a?.available ?? '0', frozen: a?.frozen ?? '0' };
  };
  const book = async () =>
    (await server.call('GET', `${ORDER}/getSpotBook/BTCUSDT`)).result as Book;

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
    tick('60000.00');
  });
  afterAll(() => server.close());

  const query = <T extends object>(sql: string, params?: unknown[]) =>
    server.db.query<T>(sql, params);
  const btcDesk = () => {
    const desk = server.modules.trading.spotDesks.desk('demo', 'BTCUSDT');
    if (desk === undefined) throw new Error('no BTCUSDT demo desk');
    return desk;
  };
  /** A person with demo USDT, `btc` BTC and a session, funded before any desk is held. */
  const trader = async (btc = '0') => {
    const user = await quickUser(server);
    await balance(user.token, 'USDT');
    if (btc !== '0') {
      await server.ledger.transfer({
        key: `spot-test-btc:${user.id}`,
        asset: 'BTC',
        book: 'demo',
        legs: [
          {
            from: { platform: 'demo_faucet' },
            to: { user: user.id, purpose: 'available' },
            amount: toUnits(btc, 8),
            kind: 'adjust_credit',
          },
        ],
      });
    }
    return user;
  };
  /**
   * The book as the engine, the public depth and the database's waiting orders show it: all
   * three must be the same (the public depth is the best 20 levels of each side).
   */
  const books = async () => {
    const desk = btcDesk();
    const depth = desk.depth(10_000);
    const engine = [
      ...depth.bids.map(
        (l) => `buy ${Number(desk.pair.priceOf(l.price))} ${Number(desk.pair.qtyOf(l.qty))}`,
      ),
      ...depth.asks.map(
        (l) => `sell ${Number(desk.pair.priceOf(l.price))} ${Number(desk.pair.qtyOf(l.qty))}`,
      ),
    ];
    const seen = await book();
    const shown = [
      ...seen.bids.map((l) => `buy ${Number(l.price)} ${Number(l.qty)}`),
      ...seen.asks.map((l) => `sell ${Number(l.price)} ${Number(l.qty)}`),
    ];
    const stored = await waitingLevels(query, 'demo', 'BTCUSDT');
    const price = (level: string) => Number(level.split(' ')[1]);
    const side = (name: string, best: 1 | -1) =>
      stored
        .filter((l) => l.startsWith(`${name} `))
        .sort((a, b) => best * (price(b) - price(a)))
        .slice(0, 20);
    return {
      engine: engine.sort(),
      stored: [...stored].sort(),
      shown,
      storedTop: [...side('buy', 1), ...side('sell', -1)],
    };
  };
  const expectBooksAgree = async () => {
    const seen = await books();
    expect(seen.engine).toEqual(seen.stored);
    expect(seen.shown).toEqual(seen.storedTop);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
  };
  /**
   * Holds the desk's next batch before its transaction (at its fee read, not the database),
   * so the commands sent meanwhile queue and run together in the batch after it.
   */
  const holdNextBatch = () => {
    const spot = server.modules.trading.spot;
    const fees = spot.fees.bind(spot);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached = false;
    spot.fees = async () => {
      if (!reached) {
        reached = true;
        await gate;
      }
      return fees();
    };
    const queued = () => (btcDesk() as unknown as { queue: unknown[] }).queue.length;
    return {
      reached: () => reached,
      queued,
      release: () => {
        spot.fees = fees;
        release();
      },
    };
  };

  it('lists the pairs with their sizes and fees', async () => {
    const res = await server.call('GET', `${ORDER}/listSpotPairs`);
    expect(res.code).toBe(200);
    const list = (res.result as { list: { code: string; tickSize: string; lotSize: string }[] })
      .list;
    expect(list.map((p) => p.code)).toEqual(['BTCUSDT', 'ETHUSDT', 'USDCUSDT']);
    expect(list[0]).toMatchObject({ tickSize: '0.01', lotSize: '0.0001' });
  });

  it('rests a limit buy with its hold, shows it in the book, and cancels it with the funds back', async () => {
    const user = await quickUser(server);
    const placed = await submit(user.token, { side: 'buy', price: '59000', qty: '0.01' });
    expect(placed.code).toBe(200);
    const order = placed.result as Order;
    expect(order.status).toBe('waiting');
    expect(order.held).toBe('590');
    expect(await balance(user.token, 'USDT')).toEqual({ available: '9410', frozen: '590' });
    const seen = await book();
    expect(seen.bids[0]).toMatchObject({ price: '59000', qty: '0.01', platformQty: '0' });
    const cancelled = await server.call('POST', `${ORDER}/chedan`, {
      token: user.token,
      body: { id: order.id },
    });
    expect(cancelled.code).toBe(200);
    expect((cancelled.result as Order).status).toBe('cancelled');
    expect(await balance(user.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    const again = await server.call('POST', `${ORDER}/chedan`, {
      token: user.token,
      body: { id: order.id },
    });
    expect(again.code).toBe(10174);
  });

  it('fills a market buy against the platform maker at its quotes, fees in the coin received', async () => {
    await server.modules.trading.spotDesks.quoteAll();
    const quotes = await book();
    expect(quotes.asks.length).toBeGreaterThan(0);
    expect(quotes.asks[0]?.platformQty).toBe(quotes.asks[0]?.qty);
    const bestAsk = quotes.asks[0]?.price ?? '';
    const user = await quickUser(server);
    const res = await submit(user.token, { type: 'market', side: 'buy', qty: '0.01' });
    expect(res.code).toBe(200);
    const order = res.result as Order;
    expect(order.status).toBe('success');
    expect(order.filled).toBe('0.01');
    expect(order.feeAsset).toBe('BTC');
    // 0.1 % of 0.01 BTC.
    expect(order.fee).toBe('0.00001');
    expect(await balance(user.token, 'BTC')).toEqual({ available: '0.00999', frozen: '0' });
    const usdt = await balance(user.token, 'USDT');
    expect(Number(usdt.available)).toBeCloseTo(10000 - Number(bestAsk) * 0.01, 6);
    expect(usdt.frozen).toBe('0');
    const after = await book();
    expect(after.trades[0]).toMatchObject({ price: bestAsk, qty: '0.01', side: 'buy' });
  });

  it('matches two people: the maker at its price, the taker pays less than its limit', async () => {
    const seller = await quickUser(server);
    const buyer = await quickUser(server);
    // The seller first buys some BTC from the maker.
    await server.modules.trading.spotDesks.quoteAll();
    expect((await submit(seller.token, { type: 'market', side: 'buy', qty: '0.02' })).code).toBe(
      200,
    );
    const ask = await submit(seller.token, { side: 'sell', price: '60010', qty: '0.01' });
    expect((ask.result as Order).status).toBe('waiting');
    const bid = await submit(buyer.token, {
      side: 'buy',
      price: '60010.5',
      qty: '0.01',
      tif: 'ioc',
    });
    expect(bid.code).toBe(200);
    const taken = bid.result as Order;
    expect(taken.status).toBe('filled');
    expect(taken.turnover).toBe('600.1');
    const list = await server.call('GET', `${ORDER}/listBbOrder?status=history`, {
      token: seller.token,
    });
    const orders = (list.result as { list: Order[] }).list;
    const sold = orders.find((o) => o.id === (ask.result as Order).id);
    expect(sold?.status).toBe('filled');
    // 600.1 USDT less 0.1 % (0.6001) to the seller.
    expect(sold?.fee).toBe('0.6001');
  });

  it('refuses bad input with clear codes and writes nothing', async () => {
    const user = await quickUser(server);
    const cases: [Record<string, unknown>, number][] = [
      [{ side: 'buy', price: '60000.001', qty: '0.01' }, 10181],
      [{ side: 'buy', price: '60000', qty: '0.00001' }, 10182],
      [{ side: 'buy', price: '100', qty: '0.0001' }, 10183],
      [{ side: 'buy', price: '-1', qty: '0.01' }, 10181],
      [{ side: 'buy', price: '0', qty: '0.01' }, 10181],
      [{ side: 'buy', price: 'NaN', qty: '0.01' }, 10181],
      [{ side: 'buy', price: '6e4', qty: '0.01' }, 10181],
      [{ side: 'buy', price: '60000', qty: '1e-2' }, 10182],
      [{ side: 'buy', price: '60000', qty: '0.000000001' }, 10182],
      [{ side: 'buy', price: '60000', qty: '0.01', code: 'DOGEUSDT' }, 10180],
      [{ side: 'buy', price: '60000', qty: '0.01', code: 'BTC\u0000USDT' }, 10155],
      [{ side: 'buy', price: '1234567890123', qty: '0.01' }, 10181],
      [{ side: 'buy', price: '60000', qty: '9'.repeat(400) }, 10182],
      [{ side: 'buy', price: '60000', qty: '0.01', tif: 'fok' }, 10100],
      [{ side: 'buy', type: 'market', price: '60000', qty: '0.01' }, 10100],
      [{ side: 'buy', price: '60000', qty: '0.01', key: 'short' }, 10100],
      [{ side: 'buy', price: '60000', qty: '0.01', extra: 1 }, 10100],
      [{ side: 'buy', price: '60000', qty: '1' }, 10092],
      [{ side: 'sell', price: '60000', qty: '0.01' }, 10092],
    ];
    for (const [body, code] of cases) {
      const res = await submit(user.token, body);
      expect([body, res.code]).toEqual([body, code]);
    }
    const list = await server.call('GET', `${ORDER}/listBbOrder`, { token: user.token });
    expect((list.result as { total: number }).total).toBe(0);
    expect(await balance(user.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
  });

  it("does not let a person cancel or read someone else's order", async () => {
    const owner = await quickUser(server);
    const other = await quickUser(server);
    const placed = await submit(owner.token, { side: 'buy', price: '50000', qty: '0.01' });
    const id = (placed.result as Order).id;
    const cancel = await server.call('POST', `${ORDER}/chedan`, {
      token: other.token,
      body: { id },
    });
    expect(cancel.code).toBe(10101);
    const read = await server.call('GET', `${ORDER}/getBbOrderById/${id}`, { token: other.token });
    expect(read.code).toBe(10101);
    const mine = await server.call('GET', `${ORDER}/getBbOrderById/${id}`, { token: owner.token });
    expect((mine.result as Order).status).toBe('waiting');
  });

  it('replays the same key once and refuses it with another body', async () => {
    const user = await quickUser(server);
    const key = requestKey();
    const body = { key, side: 'buy', price: '51000', qty: '0.01' };
    const [a, b] = await Promise.all([submit(user.token, body), submit(user.token, body)]);
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    expect((a.result as Order).id).toBe((b.result as Order).id);
    const altered = await submit(user.token, { ...body, price: '51001' });
    expect(altered.code).toBe(10134);
    expect(await balance(user.token, 'USDT')).toEqual({ available: '9490', frozen: '510' });
    // With the rest of the balance spent, the first key still answers what it made.
    const rest = await submit(user.token, { side: 'buy', price: '50000', qty: '0.1898' });
    expect(rest.code).toBe(200);
    const again = await submit(user.token, body);
    expect(again.code).toBe(200);
    expect((again.result as Order).id).toBe((a.result as Order).id);
    expect(await balance(user.token, 'USDT')).toEqual({ available: '0', frozen: '10000' });
  });

  it('rejects a post-only order that would take, without moving money', async () => {
    await server.modules.trading.spotDesks.quoteAll();
    const { asks } = await book();
    const user = await quickUser(server);
    const res = await submit(user.token, {
      side: 'buy',
      price: asks[0]?.price,
      qty: '0.001',
      tif: 'post_only',
    });
    expect(res.code).toBe(200);
    expect(res.result).toMatchObject({ status: 'rejected', reason: 'would_take', held: '0' });
    expect(await balance(user.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
  });
  it('undoes a batch that fails while it writes: nothing moves, the book is rebuilt, the retry trades', async () => {
    const seller = await quickUser(server);
    const buyer = await quickUser(server);
    await server.modules.trading.spotDesks.quoteAll();
    expect((await submit(seller.token, { type: 'market', side: 'buy', qty: '0.02' })).code).toBe(
      200,
    );
    expect((await submit(seller.token, { side: 'sell', price: '60005', qty: '0.01' })).code).toBe(
      200,
    );
    const before = {
      usdt: await balance(buyer.token, 'USDT'),
      btc: await balance(seller.token, 'BTC'),
      asks: (await book()).asks,
    };
    // The batch's last write (its ledger batches) fails after its orders and fills were
    // written in the same transaction.
    const { ledger } = server;
    const postMany = ledger.postMany.bind(ledger);
    ledger.postMany = () => Promise.reject(new Error('the database went away mid-batch'));
    const bid = { side: 'buy', price: '60005', qty: '0.01', tif: 'ioc' };
    let failed;
    try {
      failed = await submit(buyer.token, bid);
    } finally {
      ledger.postMany = postMany;
    }
    expect(failed.code).toBe(10030);
    expect(await balance(buyer.token, 'USDT')).toEqual(before.usdt);
    expect(await balance(seller.token, 'BTC')).toEqual(before.btc);
    expect((await book()).asks).toEqual(before.asks);
    const query = <T extends object>(sql: string, params?: unknown[]) =>
      server.db.query<T>(sql, params);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
    const retried = await submit(buyer.token, bid);
    expect((retried.result as Order).status).toBe('filled');
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
  });

  it('runs a batch again when a balance it read was spent before it posted: only the order that no longer fits is refused', async () => {
    const spender = await quickUser(server);
    const other = await quickUser(server);
    const warm = await quickUser(server);
    // Funded and signed in before the desk is held, so their submits need no database.
    for (const u of [spender, other, warm]) await balance(u.token, 'USDT');
    const desk = server.modules.trading.spotDesks.desk('demo', 'BTCUSDT');
    if (desk === undefined) throw new Error('no BTCUSDT demo desk');
    const queued = () => (desk as unknown as { queue: unknown[] }).queue.length;
    const { ledger } = server;
    const balancesOf = ledger.balancesOf.bind(ledger);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    ledger.balancesOf = async (tx, book, accounts) => {
      calls += 1;
      // The first batch waits until the two orders are queued behind it.
      if (calls === 1) await held;
      const read = await balancesOf(tx, book, accounts);
      // The second reads the spender's USDT as it was before 10,000 of it went elsewhere.
      if (calls !== 2) return read;
      return read.map((units, i) =>
        accounts[i]?.user === spender.id ? units + 10_000_000_000n : units,
      );
    };
    let answers;
    try {
      const first = submit(warm.token, { side: 'buy', price: '50000', qty: '0.01' });
      await expect.poll(() => calls).toBe(1);
      const racing = Promise.all([
        submit(spender.token, { side: 'buy', price: '50000', qty: '0.3' }),
        submit(other.token, { side: 'buy', price: '50000', qty: '0.01' }),
      ]);
      await expect.poll(queued).toBe(2);
      release();
      answers = [await first, ...(await racing)];
    } finally {
      ledger.balancesOf = balancesOf;
    }
    // The batch of the two failed its no-negative check and ran again on the real balances.
    expect(calls).toBe(3);
    expect(answers.map((a) => a.code)).toEqual([200, 10092, 200]);
    expect(await balance(spender.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect(await balance(other.token, 'USDT')).toEqual({ available: '9500', frozen: '500' });
    const query = <T extends object>(sql: string, params?: unknown[]) =>
      server.db.query<T>(sql, params);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
  });

  it("staff set the spot fees and the market orders' protection in /admin, checked and audited", async () => {
    const admin = await staffSession(server, 'admin');
    const set = (key: string, value: string) =>
      server.call('POST', `${ADMIN}/setParam`, {
        token: admin.token,
        body: { key, value, reason: 'Spot pricing review' },
      });
    const pair = async () =>
      ((await server.call('GET', `${ORDER}/listSpotPairs`)).result as { list: SpotPairView[] })
        .list[0];
    const before = await pair();
    for (const [key, bad] of [
      ['spot_taker_fee_rate', '6'],
      ['spot_maker_fee_rate', '-1'],
      ['spot_market_band', '0'],
      ['spot_market_band', '25'],
      ['spot_market_band', '0.001'],
    ] as const) {
      expect((await set(key, bad)).code).toBe(10138);
    }
    expect(await pair()).toEqual(before);
    try {
      expect((await set('spot_taker_fee_rate', '0.25')).code).toBe(200);
      expect((await set('spot_market_band', '2.5')).code).toBe(200);
      expect(await pair()).toMatchObject({ takerFeeRate: '0.25', marketBand: '2.5' });
      const log = await server.call('GET', `${ADMIN}/listAudit`, { token: admin.token });
      expect(JSON.stringify(log.result)).toContain('param:spot_taker_fee_rate');
    } finally {
      await set('spot_taker_fee_rate', before?.takerFeeRate ?? '');
      await set('spot_market_band', before?.marketBand ?? '');
    }
    expect(await pair()).toEqual(before);
  });

  it("staff change the market maker's settings in /admin, checked and audited, and the next round quotes them", async () => {
    const admin = await staffSession(server, 'admin');
    const set = (body: Record<string, unknown>) =>
      server.call('POST', `${ADMIN}/setSpotMaker`, {
        token: admin.token,
        body: { code: 'BTCUSDT', reason: 'Thinner book while we test', ...body },
      });
    const list = await server.call('GET', `${ADMIN}/listSpotMakers`, { token: admin.token });
    expect(list.code).toBe(200);
    const before = (list.result as { list: Record<string, unknown>[] }).list.find(
      (m) => m.code === 'BTCUSDT',
    );
    expect(before).toMatchObject({ symbol: 'BTC/USDT', quote: 'USDT', levels: 5 });
    const settings = { levels: 2, spreadBps: 20, stepBps: 10, levelValue: '1500' };
    for (const [bad, code] of [
      [{ ...settings, levels: 21 }, 10138],
      [{ ...settings, spreadBps: 0 }, 10138],
      [{ ...settings, stepBps: 1.5 }, 10138],
      [{ ...settings, levelValue: '0' }, 10138],
      [{ ...settings, levelValue: '1e3' }, 10138],
      [{ ...settings, levelValue: '1.0000001' }, 10138],
      [{ ...settings, code: 'DOGEUSDT' }, 10180],
      [{ ...settings, reason: '' }, 10132],
    ] as const) {
      expect((await set(bad)).code).toBe(code);
    }
    const quoted = async () => {
      await server.modules.trading.spotDesks.quoteAll();
      const seen = await book();
      return [...seen.bids, ...seen.asks].filter((l) => l.platformQty !== '0').length;
    };
    expect(await quoted()).toBe(10);
    try {
      const saved = await set(settings);
      expect(saved.code).toBe(200);
      expect(saved.result).toMatchObject({ code: 'BTCUSDT', ...settings });
      expect(await quoted()).toBe(4);
      const log = await server.call('GET', `${ADMIN}/listAudit`, { token: admin.token });
      expect(JSON.stringify(log.result)).toContain('spot-pair:BTCUSDT');
    } finally {
      const { code: _code, symbol: _symbol, quote: _quote, ...was } = before ?? {};
      expect((await set(was)).code).toBe(200);
    }
    expect(await quoted()).toBe(10);
  });
  it('rebuilds the book when the first command of a batch throws after the engine matched it', async () => {
    const seller = await trader('0.05');
    const buyer = await trader();
    const later = await trader();
    const ask = await submit(seller.token, { side: 'sell', price: '60003', qty: '0.01' });
    expect((ask.result as Order).status).toBe('waiting');
    expect((await book()).asks[0]).toMatchObject({ price: '60003', qty: '0.01' });
    const before = await books();
    const desk = btcDesk();
    const stats = { ...desk.stats };
    // The buy fills the ask and would rest its other half; then it throws, alone in its batch.
    desk.faultAfterMatch = (order) => {
      if (order.userId === buyer.id) throw new Error('injected: a fault after the match');
    };
    let failed;
    try {
      failed = await submit(buyer.token, { side: 'buy', price: '60003', qty: '0.02' });
    } finally {
      desk.faultAfterMatch = undefined;
    }
    expect(failed.code).toBe(10030);
    // No phantom: the engine and the public depth are the database's waiting orders again.
    expect(await books()).toEqual(before);
    await expectBooksAgree();
    expect(await balance(buyer.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    const mine = await server.call('GET', `${ORDER}/listBbOrder`, { token: buyer.token });
    expect((mine.result as { total: number }).total).toBe(0);
    // The next crossing orders trade as if nothing had happened.
    const taken = await submit(later.token, {
      side: 'buy',
      price: '60003',
      qty: '0.01',
      tif: 'ioc',
    });
    expect(taken.result).toMatchObject({ status: 'filled', filled: '0.01' });
    const rest = await submit(buyer.token, { side: 'buy', price: '60002', qty: '0.01' });
    expect((rest.result as Order).status).toBe('waiting');
    const sold = await submit(seller.token, {
      side: 'sell',
      price: '60002',
      qty: '0.01',
      tif: 'ioc',
    });
    expect(sold.result).toMatchObject({ status: 'filled', filled: '0.01' });
    await expectBooksAgree();
    // Alone in its batch: failed, but nothing was set apart from others.
    expect(desk.stats).toEqual(stats);
  });

  it("sets apart a batch's faulty command and runs the bystanders' commands of the same batch", async () => {
    const seller = await trader('0.05');
    const faulty = await trader();
    const buyer = await trader();
    const bidder = await trader();
    const ask = await submit(seller.token, { side: 'sell', price: '60003', qty: '0.02' });
    expect((ask.result as Order).status).toBe('waiting');
    const desk = btcDesk();
    const stats = { ...desk.stats };
    desk.faultAfterMatch = (order) => {
      if (order.userId === faulty.id) throw new Error('injected: a fault after the match');
    };
    const held = holdNextBatch();
    let answers;
    try {
      const first = submit(bidder.token, { side: 'buy', price: '59000', qty: '0.01' });
      await expect.poll(held.reached).toBe(true);
      // One batch: the faulty buy first (it matches, then throws), then three bystanders'.
      const batch = Promise.all([
        submit(faulty.token, { side: 'buy', price: '60003', qty: '0.01' }),
        submit(buyer.token, { side: 'buy', price: '60003', qty: '0.01', tif: 'ioc' }),
        submit(seller.token, { side: 'sell', price: '60009', qty: '0.01' }),
        submit(bidder.token, { side: 'buy', price: '59001', qty: '0.01' }),
      ]);
      await expect.poll(held.queued).toBe(4);
      held.release();
      answers = [await first, ...(await batch)];
    } finally {
      held.release();
      desk.faultAfterMatch = undefined;
    }
    expect(answers.map((a) => a.code)).toEqual([200, 10030, 200, 200, 200]);
    expect(answers[2]?.result).toMatchObject({ status: 'filled', filled: '0.01' });
    expect(answers[3]?.result).toMatchObject({ status: 'waiting' });
    expect(answers[4]?.result).toMatchObject({ status: 'waiting' });
    expect(desk.stats).toEqual({ ...stats, setApart: stats.setApart + 1 });
    expect(await balance(faulty.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect((await book()).asks[0]).toMatchObject({ price: '60003', qty: '0.01' });
    await expectBooksAgree();
  });

  it('halves a batch whose write fails until the command at fault runs alone; the others commit', async () => {
    const faulty = await trader();
    const a = await trader();
    const b = await trader();
    const desk = btcDesk();
    const stats = { ...desk.stats };
    // A placement no check in memory refuses but the database does (its feed price below zero):
    // the batch's write fails, and nothing says which command it was.
    const bad: Placement = {
      userId: faulty.id,
      requestKey: requestKey(),
      bodyHash: 'not-a-hash',
      side: 'buy',
      type: 'limit',
      tif: 'gtc',
      priceTicks: desk.pair.ticksOf('58000'),
      lots: desk.pair.lotsOf('0.01'),
      platform: false,
      ref: { price: '-1', ts: Date.now() },
    };
    const held = holdNextBatch();
    let answers;
    let refused: unknown;
    try {
      const first = submit(a.token, { side: 'buy', price: '58001', qty: '0.01' });
      await expect.poll(held.reached).toBe(true);
      const batch = Promise.all([
        submit(a.token, { side: 'buy', price: '58002', qty: '0.01' }),
        submit(b.token, { side: 'buy', price: '58003', qty: '0.01' }),
        desk.place(bad).catch((err: unknown) => {
          refused = err;
          return undefined;
        }),
        submit(b.token, { side: 'buy', price: '58004', qty: '0.01' }),
      ]);
      await expect.poll(held.queued).toBe(4);
      held.release();
      answers = [await first, ...(await batch)];
    } finally {
      held.release();
    }
    expect(answers.map((x) => (x === undefined ? 'faulty' : x.code))).toEqual([
      200,
      200,
      200,
      'faulty',
      200,
    ]);
    expect((refused as { code?: string }).code).toBe('23514');
    expect(desk.stats.retried).toBe(stats.retried);
    expect(desk.stats.setApart).toBe(stats.setApart + 1);
    // 4 -> 2 + 2, then the pair with the faulty one -> 1 + 1.
    expect(desk.stats.split).toBe(stats.split + 2);
    const [stored] = await query<{ n: string }>(
      'select count(*)::text as n from spot_orders where user_id = $1',
      [faulty.id],
    );
    expect(stored?.n).toBe('0');
    expect(await balance(faulty.token, 'USDT')).toEqual({ available: '10000', frozen: '0' });
    expect(await balance(b.token, 'USDT')).toEqual({ available: '8839.93', frozen: '1160.07' });
    await expectBooksAgree();
  });
});
