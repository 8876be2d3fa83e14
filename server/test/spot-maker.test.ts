import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSignedUnits, toUnits } from '../src/money/decimal.ts';
import { quickUser, requestKey, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';

type Balance = { assets: { asset: string; available: string; frozen: string }[] };
type Book = { asks: { price: string }[]; bids: { price: string }[] };

/**
 * The platform's quotes after a jump in the feed: testers bought from the market maker's old
 * asks 10-36 ms after a 3 % move, and sold back after its requote for about 28 USDT per round
 * trip. The quotes now move on the tick that moved the mid, and a taker never fills against
 * the platform's quotes more than the band (spot_market_band) away from the feed's price.
 */
describe('the spot market maker after a jump in the feed', () => {
  let server: TestServer;
  let ts = Date.now() - 600_000;
  const tick = (price: string) => {
    ts += 100;
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  };
  const submit = (token: string, body: Record<string, unknown>) =>
    server.call('POST', `${ORDER}/submit`, {
      token,
      body: { key: requestKey(), code: 'BTCUSDT', ...body },
    });
  const available = async (token: string, asset: string) => {
    const res = await server.call('GET', `${USER}/listBalance`, { token });
    return (res.result as Balance).assets.find((x) => x.asset === asset)?.available ?? '0';
  };
  const usdt = async (token: string) => toSignedUnits(await available(token, 'USDT'), 6);
  const bestAsk = async () => {
    const book = (await server.call('GET', `${ORDER}/getSpotBook/BTCUSDT`)).result as Book;
    return Number(book.asks[0]?.price);
  };
  const maker = (stepBps: number) =>
    server.db.query(
      `update spot_pairs set mm_levels = 5, mm_spread_bps = 10, mm_step_bps = $1
        where code = 'BTCUSDT'`,
      [stepBps],
    );

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
  });
  afterAll(() => server.close());

  async function roundTrip(jumpTo: string): Promise<{ bought: number; pnl: bigint }> {
    const person = await quickUser(server);
    await server.modules.trading.fundDemo(person.id);
    const before = await usdt(person.token);
    tick(jumpTo);
    // Sent at once after the tick, before any round of the market maker.
    const buy = await submit(person.token, { side: 'buy', type: 'market', qty: '0.05' });
    expect(buy.code).toBe(200);
    const bought = buy.result as { filled: string; turnover: string };
    await server.modules.trading.spotDesks.quoteAll();
    // Everything bought (less the fee taken in BTC) is sold back.
    const btc = (await available(person.token, 'BTC')).replace(/(\.\d{4})\d*$/, '$1');
    if (Number(btc) > 0) {
      const sell = await submit(person.token, { side: 'sell', type: 'market', qty: btc });
      expect(sell.code).toBe(200);
    }
    return {
      bought: Number(bought.turnover) / Number(bought.filled || '1'),
      pnl: (await usdt(person.token)) - before,
    };
  }

  it('moves its quotes on the tick, so buying after a jump and selling back loses money', async () => {
    await maker(20);
    tick('60000.00');
    await server.modules.trading.spotDesks.quoteAll();
    expect(await bestAsk()).toBeLessThan(60_100);
    const { bought, pnl } = await roundTrip('61800.00');
    // The buy paid the new price, not the old asks 3 % under it.
    expect(bought).toBeGreaterThanOrEqual(61_800);
    expect(pnl).toBeLessThan(0n);
  });

  it('never lets a taker fill against its quotes more than the band from the feed', async () => {
    // A step so wide the tick does not requote: only the band (5 %) guards the taker.
    await maker(1_000);
    tick('60000.00');
    await server.modules.trading.spotDesks.quoteAll();
    const { bought, pnl } = await roundTrip('64200.00'); // 7 %: the old asks are past the band
    expect(bought).toBeGreaterThanOrEqual(toNumber('60990')); // 64,200 less the 5 % band
    expect(pnl).toBeLessThanOrEqual(0n);
    // The stale quotes were taken out, and the book's asks now follow the feed.
    expect(await bestAsk()).toBeGreaterThan(61_000);
  });
});

function toNumber(decimal: string): number {
  return Number(toUnits(decimal, 2)) / 100;
}
