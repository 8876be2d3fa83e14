import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, quickUser, requestKey } from './helpers/funds.ts';
import { spotViolations } from './helpers/spot.ts';
import { startTestServer, usePostgres, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';
/** Calls one person has in flight at once, and how many times. */
const OVERLAP = 16;
const ROUNDS = 6;

type Answer = { code: number; result: unknown };

/**
 * One person sends their own trading calls 16 at a time (opens, closes, option buys, spot
 * orders, cancels) while the engine settles options and fires take profits on the same
 * accounts, and a bystander trades beside them (PostgreSQL, where the calls run side by side).
 * Every call is answered with success or a refusal of its own (never 10030), the bystander's
 * calls all succeed, and the ledger's invariants hold.
 */
describe.skipIf(!usePostgres)('trading calls that overlap', () => {
  let server: TestServer;
  let btcId = 0;
  let ts = Date.now() - 600_000;
  const tick = (price: string) => {
    ts += 100;
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  };
  const odd: string[] = [];
  const call = async (token: string, path: string, body: unknown): Promise<Answer> => {
    const a = await server.call('POST', `${ORDER}/${path}`, { token, body });
    if (![200, 10092, 10174].includes(a.code))
      odd.push(`${path} ${JSON.stringify(body)}: ${a.code}`);
    return a;
  };

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
    btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
    tick('60000.00');
    await server.modules.trading.spotDesks.quoteAll();
  });
  afterAll(() => server.close());

  async function trader() {
    const user = await quickUser(server);
    await server.modules.trading.fundDemo(user.id);
    await credit(server, user.id, { asset: 'BTC', amount: '0.05' });
    return user;
  }

  const open = (token: string, takeProfit = '60600') =>
    call(token, 'buyU', {
      key: requestKey(),
      instrumentId: btcId,
      type: 'market',
      side: 'long',
      lots: '0.01',
      leverage: 10,
      stopLoss: '55000',
      takeProfit,
    });
  const option = (token: string) =>
    call(token, 'buyOptions', {
      key: requestKey(),
      instrumentId: btcId,
      seconds: 30,
      direction: 'up',
      amount: '10',
    });
  const spot = (token: string, side: 'buy' | 'sell', price: string) =>
    call(token, 'submit', {
      key: requestKey(),
      code: 'BTCUSDT',
      side,
      type: 'limit',
      price,
      qty: '0.0005',
    });

  it('answers every overlapping call with its own outcome, and never 10030', async () => {
    const hammer = await trader();
    const bystander = await trader();
    const codes = new Map<number, number>();
    const count = (a: Answer) => codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
    const bystanderCodes: number[] = [];
    const opened: number[] = [];
    const resting: number[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      // Odd rounds lift the price past the take profits opened in the even ones: the engine
      // closes those positions while the person's calls run.
      const up = round % 2 === 1;
      tick(up ? '60400.00' : '60000.00');
      const takeProfit = up ? '60600' : '60300';
      const calls: Promise<Answer>[] = [];
      for (let i = 0; i < OVERLAP; i++) {
        const pick = (i + round) % 6;
        if (pick === 0 || pick === 5) calls.push(open(hammer.token, takeProfit));
        else if (pick === 1 && opened.length > 0) {
          calls.push(call(hammer.token, 'stopU', { id: opened.shift() }));
        } else if (pick === 2) calls.push(option(hammer.token));
        else if (pick === 3) calls.push(spot(hammer.token, i % 2 === 0 ? 'buy' : 'sell', '59990'));
        else if (pick === 4 && resting.length > 0) {
          calls.push(call(hammer.token, 'chedan', { id: resting.shift() }));
        } else calls.push(open(hammer.token, takeProfit));
      }
      const bystanding = (async () => {
        const rest = await spot(bystander.token, 'sell', '61000');
        const opening = await open(bystander.token);
        const id = (opening.result as { id: number } | null)?.id;
        const closing = await call(bystander.token, 'stopU', { id });
        bystanderCodes.push(rest.code, opening.code, closing.code);
      })();
      // The engine's work on the same accounts: options due, take profits crossed.
      const engine = server.modules.trading.engine;
      const settling = engine.settleDue(ts + 120_000);
      const answers = await Promise.all(calls);
      await Promise.all([bystanding, settling, engine.idle()]);
      for (const a of answers) {
        count(a);
        const result = a.result as { id?: number; status?: string; leverage?: number } | null;
        if (a.code !== 200 || result?.id === undefined) continue;
        if (result.status === 'open' && result.leverage !== undefined) opened.push(result.id);
        if (result.status === 'waiting' && 'filled' in result) resting.push(result.id);
      }
    }

    // Deadlocks are designed out (one lock order); a rare one is run again, never answered.
    console.info('hammer: answers', Object.fromEntries(codes), 'retries', server.ledger.retries);
    expect(server.ledger.retries.exhausted).toBe(0);
    expect(codes.get(10030) ?? 0).toBe(0);
    expect(codes.get(9999) ?? 0).toBe(0);
    expect(bystanderCodes.every((c) => c === 200)).toBe(true);
    // The person's calls are refused only for reasons of their own.
    expect(odd).toEqual([]);
    expect(
      await spotViolations((sql, p) => server.db.query(sql, p), { holdsOnlySpot: false }),
    ).toEqual([]);
  });
});
