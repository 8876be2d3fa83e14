import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feeOf,
  LOT_SCALE,
  marginOf,
  percentToRate,
  profitOf,
  quoteOf,
} from '../../contract/trading/formulas.ts';
import { fromUnits, toUnits } from '../src/money/decimal.ts';
import { Contracts } from '../src/trading/contracts.ts';
import { TradingParams } from '../src/trading/params.ts';
import { TradingInfo } from '../src/trading/trading-info.ts';
import { ADMIN, quickUser, requestKey, staffSession, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';
type Order = {
  id: number;
  status: string;
  side: string;
  margin: string;
  fee: string;
  openPrice: string | null;
  closePrice: string | null;
  closeReason: string | null;
  profit: string | null;
  liquidationPrice: string | null;
  openTick: { price: string; ts: number } | null;
  closeTick: { price: string; ts: number } | null;
};
type Option = {
  id: number;
  status: string;
  outcome: string | null;
  paid: string | null;
  openPrice: string;
  settlePrice: string | null;
  expiresAt: string;
};
type Balance = { assets: { asset: string; available: string; frozen: string }[] };

/** BTCUSDT's feed, driven by the test (MARKET_FEED=off: no other prices arrive). */
describe('trading: contracts and options', () => {
  let server: TestServer;
  let btcId: number;
  let ts = Date.now() - 60_000;
  const BTC_SPREAD = 10; // tenths of a bp: the catalogue's 1 bp

  const tick = (price: string) => {
    ts += 100;
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
    return server.modules.trading.engine.idle();
  };
  const usdt = async (token: string) => {
    const res = await server.call('GET', `${USER}/listBalance`, { token });
    const a = (res.result as Balance).assets.find((x) => x.asset === 'USDT');
    return { available: a?.available, frozen: a?.frozen };
  };
  const buyU = (token: string, body: Record<string, unknown>) =>
    server.call('POST', `${ORDER}/buyU`, {
      token,
      body: { key: requestKey(), instrumentId: btcId, type: 'market', leverage: 10, ...body },
    });

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off' });
    btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
    await tick('60000.00');
  });
  afterAll(() => server.close());

  it('tells what can be traded: bid and ask around the mid, the contract and option periods', async () => {
    const res = await server.call('GET', `${ORDER}/getTradingInfo/${btcId}`);
    expect(res.code).toBe(200);
    const info = res.result as {
      open: boolean;
      mid: string;
      bid: string;
      ask: string;
      contract: { leverages: number[]; lotMin: string };
      options: { seconds: number }[];
    };
    expect(info.open).toBe(true);
    expect(info.mid).toBe('60000.00');
    expect(info.bid).toBe('59997.00');
    expect(info.ask).toBe('60003.00');
    expect(info.contract.lotMin).toBe('0.001');
    expect(info.contract.leverages).toContain(10);
    expect(info.options.map((o) => o.seconds)).toContain(30);
  });

  it('opens a long at the ask with margin held and fee charged, and closes it by take profit', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const opened = await buyU(user.token, {
      side: 'long',
      lots: '0.1',
      stopLoss: '57000',
      takeProfit: '61000',
    });
    expect(opened.code).toBe(200);
    const order = opened.result as Order;
    const sizing = { lots: toUnits('0.1', LOT_SCALE), contractSize: 1n, precision: 2 };
    const ask = quoteOf(toUnits('60000.00', 2), BTC_SPREAD).ask;
    expect(order.status).toBe('open');
    expect(order.openPrice).toBe(fromUnits(ask, 2));
    expect(order.margin).toBe(fromUnits(marginOf(sizing, ask, 10), 6).replace(/\.?0+$/, ''));
    const fee = feeOf(sizing, ask, percentToRate('0.2'));
    expect(order.fee).toBe(fromUnits(fee, 6).replace(/\.?0+$/, ''));
    const margin = marginOf(sizing, ask, 10);
    const before = await usdt(user.token);
    expect(before.frozen).toBe(fromUnits(margin, 6).replace(/\.?0+$/, ''));

    // The bid reaches the take profit: the engine closes it at that tick's bid.
    await tick('61010.00');
    const closed = (
      await server.call('GET', `${ORDER}/getUOrderById/${order.id}`, { token: user.token })
    ).result as Order;
    expect(closed.status).toBe('closed');
    expect(closed.closeReason).toBe('take_profit');
    const bid = quoteOf(toUnits('61010.00', 2), BTC_SPREAD).bid;
    expect(closed.closePrice).toBe(fromUnits(bid, 2));
    expect(closed.closeTick?.price).toBe('61010.00');
    const profit = profitOf(sizing, 'long', ask, bid);
    expect(closed.profit).toBe(fromUnits(profit, 6).replace(/\.?0+$/, ''));
    const after = await usdt(user.token);
    expect(after.frozen).toBe('0');
    expect(toUnits(after.available ?? '0', 6)).toBe(toUnits('10000', 6) - fee + profit);
  });

  it('opens a short and closes it at market by stopU; a second close says it is closed', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const opened = await buyU(user.token, {
      side: 'short',
      lots: '0.01',
      stopLoss: '61000',
      takeProfit: '50000',
    });
    expect(opened.code).toBe(200);
    const id = (opened.result as Order).id;
    await tick('59000.00');
    const closed = await server.call('POST', `${ORDER}/stopU`, { token: user.token, body: { id } });
    expect(closed.code).toBe(200);
    expect((closed.result as Order).closeReason).toBe('manual');
    // The money, to the unit: a short opens at the bid and closes at the ask of its tick.
    const sizing = { lots: toUnits('0.01', LOT_SCALE), contractSize: 1n, precision: 2 };
    const bid = quoteOf(toUnits('60000.00', 2), BTC_SPREAD).bid;
    const ask = quoteOf(toUnits('59000.00', 2), BTC_SPREAD).ask;
    const fee = feeOf(sizing, bid, percentToRate('0.2'));
    const profit = profitOf(sizing, 'short', bid, ask);
    expect(profit).toBeGreaterThan(0n);
    expect((closed.result as Order).profit).toBe(fromUnits(profit, 6).replace(/\.?0+$/, ''));
    const after = await usdt(user.token);
    expect(after.frozen).toBe('0');
    expect(toUnits(after.available ?? '0', 6)).toBe(toUnits('10000', 6) - fee + profit);
    const again = await server.call('POST', `${ORDER}/stopU`, { token: user.token, body: { id } });
    expect(again.code).toBe(10174);
  });

  it('places a limit order that waits, cancels it and gets the funds back; another fills at its limit', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const placed = await buyU(user.token, {
      side: 'long',
      type: 'limit',
      price: '59000',
      lots: '0.01',
      stopLoss: '58000',
      takeProfit: '62000',
    });
    expect(placed.code).toBe(200);
    expect((placed.result as Order).status).toBe('waiting');
    expect((await usdt(user.token)).available).not.toBe('10000');
    const cancelled = await server.call('POST', `${ORDER}/stopU`, {
      token: user.token,
      body: { id: (placed.result as Order).id },
    });
    expect((cancelled.result as Order).status).toBe('cancelled');
    expect(await usdt(user.token)).toEqual({ available: '10000', frozen: '0' });

    const second = await buyU(user.token, {
      side: 'long',
      type: 'limit',
      price: '59000',
      lots: '0.01',
      stopLoss: '58000',
      takeProfit: '62000',
    });
    await tick('58990.00'); // ask 58995.90: at or below the limit
    const filled = (
      await server.call('GET', `${ORDER}/getUOrderById/${(second.result as Order).id}`, {
        token: user.token,
      })
    ).result as Order;
    expect(filled.status).toBe('open');
    expect(filled.openPrice).toBe('59000.00');
    expect(filled.openTick?.price).toBe('58990.00');
  });

  it('a gap past stop loss and liquidation closes once, as stop loss, and never takes more than the margin', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const opened = await buyU(user.token, {
      side: 'long',
      lots: '0.1',
      leverage: 100,
      stopLoss: '59800',
      takeProfit: '70000',
    });
    expect(opened.code).toBe(200);
    const order = opened.result as Order;
    await tick('50000.00');
    const closed = (
      await server.call('GET', `${ORDER}/getUOrderById/${order.id}`, { token: user.token })
    ).result as Order;
    expect(closed.status).toBe('closed');
    expect(closed.closeReason).toBe('stop_loss');
    expect(closed.profit).toBe(`-${order.margin}`);
    const after = await usdt(user.token);
    expect(after.frozen).toBe('0');
    expect(toUnits(after.available ?? '0', 6)).toBe(
      toUnits('10000', 6) - toUnits(order.margin, 6) - toUnits(order.fee, 6),
    );
  });

  it('refuses a stop loss past the liquidation price, and liquidation takes at most the margin', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const order100x = { side: 'long', lots: '0.1', leverage: 100, takeProfit: '70000' } as const;
    // open 60,003.00 x (1 - 1/100 + 0.5 %) = 59,702.985, rounded up: a stop loss at 50,000
    // could never fire, the position would be liquidated first.
    const past = await buyU(user.token, { ...order100x, stopLoss: '50000' });
    expect(past.code).toBe(10170);
    expect(past.result).toMatchObject({ field: 'stopLoss' });
    expect((await usdt(user.token)).frozen).toBe('0');
    const opened = await buyU(user.token, { ...order100x, stopLoss: '59710' });
    expect(opened.code).toBe(200);
    const order = opened.result as Order;
    expect(order.liquidationPrice).toBe('59702.99');
    // The same rule when the stops are edited.
    const edit = await server.call('POST', `${ORDER}/updateU`, {
      token: user.token,
      body: { id: order.id, stopLoss: '59000', takeProfit: '70000' },
    });
    expect(edit.code).toBe(10170);
    await tick('59800.00');
    expect((await usdt(user.token)).frozen).toBe(order.margin);
    // A gap past both: whichever fires, the loss is at most the margin.
    await tick('59690.00');
    const closed = (
      await server.call('GET', `${ORDER}/getUOrderById/${order.id}`, { token: user.token })
    ).result as Order;
    expect(['stop_loss', 'liquidation']).toContain(closed.closeReason);
    expect(Number(closed.profit)).toBeLessThan(0);
    expect(-Number(closed.profit)).toBeLessThanOrEqual(Number(order.margin));
    expect((await usdt(user.token)).frozen).toBe('0');
  });

  it('bounds stops to 90 % either side of the price', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const base = { side: 'long', lots: '0.01', leverage: 1 } as const;
    const far = await buyU(user.token, { ...base, stopLoss: '50000', takeProfit: '999999999999' });
    expect(far.code).toBe(10171);
    const low = await buyU(user.token, { ...base, stopLoss: '0.01', takeProfit: '70000' });
    expect(low.code).toBe(10170);
    const fine = await buyU(user.token, { ...base, stopLoss: '6001', takeProfit: '113000' });
    expect(fine.code).toBe(200);
  });

  it('buys a 30-second option and settles it at the last tick before expiry', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const bought = await server.call('POST', `${ORDER}/buyOptions`, {
      token: user.token,
      body: { key: requestKey(), instrumentId: btcId, seconds: 30, direction: 'up', amount: '100' },
    });
    expect(bought.code).toBe(200);
    const option = bought.result as Option;
    expect((await usdt(user.token)).frozen).toBe('100');
    await tick('60100.00');
    await server.modules.market.market.flush();
    const expiry = new Date(option.expiresAt).getTime();
    await server.modules.trading.engine.settleDue(expiry + 60_000);
    const settled = (
      await server.call('GET', `${ORDER}/getOptionsOrderById/${option.id}`, { token: user.token })
    ).result as Option;
    expect(settled.status).toBe('settled');
    expect(settled.outcome).toBe('won');
    expect(settled.settlePrice).toBe('60100');
    expect(settled.paid).toBe('180');
    expect(await usdt(user.token)).toEqual({ available: '10080', frozen: '0' });
    const total = await server.call('GET', `${ORDER}/getProfitTotal`, { token: user.token });
    expect(total.result).toMatchObject({ options: '80.000000', total: '80.000000' });
  });

  it("lists one instrument's orders, and keeps an open position's fee out of the realised total", async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const opened = await buyU(user.token, {
      side: 'long',
      lots: '0.01',
      stopLoss: '57000',
      takeProfit: '61000',
    });
    expect(opened.code).toBe(200);
    const order = opened.result as Order;
    const list = async (query: string) =>
      (await server.call('GET', `${ORDER}/listUOrder?${query}`, { token: user.token })).result as {
        list: Order[];
        total: number;
      };
    expect((await list(`status=current&instrumentId=${btcId}`)).total).toBe(1);
    const ethId = server.modules.market.tradable('ETHUSDT')?.id ?? 0;
    expect(await list(`status=current&instrumentId=${ethId}`)).toEqual({ list: [], total: 0 });
    const options = await server.call('GET', `${ORDER}/listOptionsOrder?instrumentId=${ethId}`, {
      token: user.token,
    });
    expect(options.result).toEqual({ list: [], total: 0 });

    // Open: nothing realised yet; its fee is reported apart.
    const open = await server.call('GET', `${ORDER}/getProfitTotal`, { token: user.token });
    expect(open.result).toMatchObject({ fees: '0.000000', total: '0.000000' });
    expect(toUnits((open.result as { openFees: string }).openFees, 6)).toBe(toUnits(order.fee, 6));
    await server.call('POST', `${ORDER}/stopU`, { token: user.token, body: { id: order.id } });
    const closed = await server.call('GET', `${ORDER}/getProfitTotal`, { token: user.token });
    expect(closed.result).toMatchObject({ openFees: '0.000000' });
    expect(toUnits((closed.result as { fees: string }).fees, 6)).toBe(toUnits(order.fee, 6));
  });

  it('refuses bad input with its code and writes nothing', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const other = await quickUser(server);
    const good = { side: 'long', lots: '0.01', stopLoss: '57000', takeProfit: '61000' };
    const cases: [string, Record<string, unknown>, number][] = [
      ['unknown instrument', { ...good, instrumentId: 999_999 }, 10014],
      [
        'instrument without contracts (USDJPY)',
        { ...good, instrumentId: server.modules.market.tradable('USDJPY')?.id },
        10014,
      ],
      [
        'no price yet (ETHUSDT)',
        { ...good, instrumentId: server.modules.market.tradable('ETHUSDT')?.id },
        10015,
      ],
      ['lots below the minimum', { ...good, lots: '0.0001' }, 10016],
      ['lots off the step', { ...good, lots: '0.0015' }, 10016],
      ['lots above the maximum', { ...good, lots: '5000' }, 10016],
      ['leverage outside the set', { ...good, leverage: 7 }, 10016],
      ['stop loss above the price', { ...good, stopLoss: '60500' }, 10170],
      ['take profit below the price', { ...good, takeProfit: '59000' }, 10171],
      ['both wrong', { ...good, stopLoss: '61000', takeProfit: '59000' }, 10172],
      ['limit already reached', { ...good, type: 'limit', price: '61000' }, 10173],
      ['limit without a price', { ...good, type: 'limit' }, 10173],
      ['insufficient balance', { ...good, lots: '900', leverage: 1 }, 10092],
      ['hostile lots', { ...good, lots: '1e3' }, 10016],
      ['NUL in a price', { ...good, stopLoss: '57000\u0000' }, 10155],
      ['huge price', { ...good, takeProfit: '9'.repeat(40) }, 10171],
    ];
    for (const [name, body, code] of cases) {
      const res = await buyU(user.token, body);
      expect({ name, code: res.code }).toEqual({ name, code });
    }
    expect(await usdt(user.token)).toEqual({ available: '10000', frozen: '0' });

    const option = (body: Record<string, unknown>) =>
      server.call('POST', `${ORDER}/buyOptions`, {
        token: user.token,
        body: {
          key: requestKey(),
          instrumentId: btcId,
          seconds: 30,
          direction: 'up',
          amount: '100',
          ...body,
        },
      });
    expect((await option({ seconds: 45 })).code).toBe(10017);
    expect((await option({ instrumentId: 999_999 })).code).toBe(10014);
    expect((await option({ amount: '1' })).code).toBe(10016);
    expect((await option({ amount: '100000' })).code).toBe(10016);
    expect((await option({ direction: 'sideways' })).code).toBe(10014);

    // Someone else's order reads as not found, and cannot be closed or edited.
    const mine = (await buyU(other.token, good)).result as Order;
    for (const [path, body] of [
      ['stopU', { id: mine.id }],
      ['updateU', { id: mine.id, stopLoss: '57000', takeProfit: '62000' }],
    ] as const) {
      const res = await server.call('POST', `${ORDER}/${path}`, { token: user.token, body });
      expect(res.code).toBe(10101);
    }
    const read = await server.call('GET', `${ORDER}/getUOrderById/${mine.id}`, {
      token: user.token,
    });
    expect(read.code).toBe(10101);
    expect(await usdt(user.token)).toEqual({ available: '10000', frozen: '0' });
  });

  it('a closed market refuses to open (10015) and says when it opens', async () => {
    // Saturday 2026-11-28 12:00 UTC: the NYSE is closed until Monday 09:30 New York time.
    const saturday = Date.UTC(2026, 10, 28, 12, 0);
    const instruments = {
      byId: (id: number) => server.modules.market.tradable(id),
      byCode: (code: string) => server.modules.market.tradable(code),
    };
    const params = new TradingParams(server.modules.content.params);
    const aapl = server.modules.market.tradable('AAPL');
    server.modules.market.market.ingest([
      { code: 'AAPL', price: '230.00', volume: '0', ts: Date.now() },
    ]);
    const info = await new TradingInfo(instruments, params, () => saturday).of(aapl?.id ?? 0);
    expect(info.open).toBe(false);
    expect(info.opensAt).toBe(Date.UTC(2026, 10, 30, 14, 30));
    const user = await quickUser(server);
    await server.modules.trading.fundDemo(user.id);
    const contracts = new Contracts(
      server.db,
      server.ledger,
      instruments,
      params,
      { orderChanged: () => undefined, notify: async () => undefined },
      () => saturday,
    );
    await expect(
      contracts.open(user.id, 'demo', {
        key: requestKey(),
        instrumentId: aapl?.id ?? 0,
        type: 'market',
        side: 'long',
        lots: '1',
        leverage: 5,
        stopLoss: '200',
        takeProfit: '250',
      }),
    ).rejects.toMatchObject({ code: 10015 });
    expect(await usdt(user.token)).toEqual({ available: '10000', frozen: '0' });
  });

  it('staff edit the option periods in /admin, checked and audited, and buyers see them', async () => {
    const admin = await staffSession(server, 'admin');
    const set = (value: string) =>
      server.call('POST', `${ADMIN}/setParam`, {
        token: admin.token,
        body: { key: 'option_periods', value, reason: 'Add a two-minute period' },
      });
    for (const bad of [
      'not json',
      '[]',
      '[{"seconds":5,"payout":"0.8","min":"10","max":"100"}]',
      '[{"seconds":60,"payout":"1.5","min":"10","max":"100"}]',
      '[{"seconds":60,"payout":"0.8","min":"100","max":"10"}]',
      '[{"seconds":60,"payout":"0.8","min":"10","max":"100","extra":1}]',
    ]) {
      expect((await set(bad)).code).toBe(10138);
    }
    const periods = [
      { seconds: 30, payout: '0.8', min: '10', max: '5000' },
      { seconds: 120, payout: '0.83', min: '10', max: '5000' },
    ];
    expect((await set(JSON.stringify(periods))).code).toBe(200);
    const info = await server.call('GET', `${ORDER}/getTradingInfo/${btcId}`);
    expect((info.result as { options: unknown }).options).toEqual(periods);
    const log = await server.call('GET', `${ADMIN}/listAudit`, { token: admin.token });
    expect(JSON.stringify(log.result)).toContain('param:option_periods');
    const rate = await server.call('POST', `${ADMIN}/setParam`, {
      token: admin.token,
      body: { key: 'maintenance_margin_rate', value: '60', reason: 'too high' },
    });
    expect(rate.code).toBe(10138);
  });

  it('a replayed request opens once; the same key with another body is refused', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const body = {
      key: requestKey(),
      instrumentId: btcId,
      type: 'market',
      side: 'long',
      lots: '0.01',
      leverage: 10,
      stopLoss: '57000',
      takeProfit: '61000',
    };
    const [a, b] = await Promise.all([
      server.call('POST', `${ORDER}/buyU`, { token: user.token, body }),
      server.call('POST', `${ORDER}/buyU`, { token: user.token, body }),
    ]);
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    expect((a.result as Order).id).toBe((b.result as Order).id);
    const altered = await server.call('POST', `${ORDER}/buyU`, {
      token: user.token,
      body: { ...body, lots: '0.02' },
    });
    expect(altered.code).toBe(10134);
    const list = await server.call('GET', `${ORDER}/listUOrder?status=current`, {
      token: user.token,
    });
    expect((list.result as { total: number }).total).toBe(1);
  });

  it('edits stop loss and take profit while open, checked like at open', async () => {
    await tick('60000.00');
    const user = await quickUser(server);
    const order = (
      await buyU(user.token, { side: 'long', lots: '0.01', stopLoss: '57000', takeProfit: '61000' })
    ).result as Order;
    const bad = await server.call('POST', `${ORDER}/updateU`, {
      token: user.token,
      body: { id: order.id, stopLoss: '60500', takeProfit: '65000' },
    });
    expect(bad.code).toBe(10170);
    const good = await server.call('POST', `${ORDER}/updateU`, {
      token: user.token,
      body: { id: order.id, stopLoss: '58000', takeProfit: '65000' },
    });
    expect(good.code).toBe(200);
    // The old take profit (61,000) no longer fires; the new stop loss does.
    await tick('61500.00');
    await tick('57900.00');
    const closed = (
      await server.call('GET', `${ORDER}/getUOrderById/${order.id}`, { token: user.token })
    ).result as Order;
    expect(closed.closeReason).toBe('stop_loss');
  });
});
