import fc from 'fast-check';
import { seedOption } from './helpers/fc-seed.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import {
  closePriceOf,
  LOT_SCALE,
  openPriceOf,
  optionOutcomeOf,
  optionPayoutOf,
  profitOf,
  quoteOf,
  RATE_SCALE,
  settledProfitOf,
  USDT_SCALE,
} from '../../contract/trading/formulas.ts';
import { AppError } from '../src/errors.ts';
import { DEMO_GRANT } from '../src/funds/demo-book.ts';
import { toUnits } from '../src/money/decimal.ts';
import { quickUser, requestKey } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Random sequences of opens (market and limit), price moves that fill limits and fire stop
 * losses, take profits and liquidations, edits, closes and options, on PGlite (and PostgreSQL
 * with TEST_DATABASE=postgres). After every step: each asset and book sums to zero, no user
 * balance is negative, every live order's hold is open and holds what the order needs. At the
 * end every settled order and option is recomputed from its stored ticks and must match.
 */
const SPREAD = 10; // BTCUSDT: 1 bp, in tenths
/** Each person's demo grant (funds/demo-book.ts). */
const GRANT = toUnits(DEMO_GRANT.amount, USDT_SCALE);
let server: TestServer;
const users: number[] = [];
let btcId = 0;
let ts = Date.now() - 3_600_000;
let price = 6_000_000n; // 60,000.00 at 2 decimals

type Op =
  | {
      t: 'open';
      u: number;
      side: 'long' | 'short';
      limit: boolean;
      lots: number;
      leverage: number;
      sl: number;
      tp: number;
      away: number;
    }
  | { t: 'tick'; move: number }
  | { t: 'edit'; pick: number; sl: number; tp: number }
  | { t: 'close'; pick: number }
  | { t: 'option'; u: number; up: boolean; amount: number }
  | { t: 'settle' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('open' as const),
      u: fc.integer({ min: 0, max: 2 }),
      side: fc.constantFrom('long' as const, 'short' as const),
      limit: fc.boolean(),
      lots: fc.integer({ min: 1, max: 500 }),
      leverage: fc.constantFrom(1, 10, 50, 100),
      sl: fc.integer({ min: 1, max: 400 }),
      tp: fc.integer({ min: 1, max: 400 }),
      away: fc.integer({ min: 1, max: 200 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      t: fc.constant('tick' as const),
      move: fc.integer({ min: -300, max: 300 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      t: fc.constant('edit' as const),
      pick: fc.nat(),
      sl: fc.integer({ min: 1, max: 400 }),
      tp: fc.integer({ min: 1, max: 400 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ t: fc.constant('close' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant('option' as const),
      u: fc.integer({ min: 0, max: 2 }),
      up: fc.boolean(),
      amount: fc.integer({ min: 10, max: 500 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ t: 'settle' as const }), weight: 1 },
);

/** Price units (2 decimals) as a decimal string. */
const show = (units: bigint) => `${units / 100n}.${(units % 100n).toString().padStart(2, '0')}`;

async function tick(next: bigint): Promise<void> {
  price = next < 100_000n ? 100_000n : next;
  ts += 1_000;
  server.modules.market.market.ingest([{ code: 'BTCUSDT', price: show(price), volume: '0', ts }]);
  await server.modules.trading.engine.idle();
}

/** Refusals with a catalogue code are part of the game; anything else fails the run. */
async function tolerate(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err.code).not.toBe(Code.systemError);
  }
}

async function live(): Promise<{ id: number; user_id: number }[]> {
  return server.db.query(
    `select id::int as id, user_id::int as user_id from contract_orders
      where status in ('waiting', 'open') order by id`,
  );
}

async function checkInvariants(): Promise<void> {
  const sums = await server.db.query<{ asset: string; book: string; total: string }>(
    `select asset, book, sum(balance)::text as total from ledger_accounts group by asset, book`,
  );
  for (const s of sums) expect({ ...s, total: Number(s.total) }).toEqual({ ...s, total: 0 });
  expect(
    await server.db.query(
      'select id from ledger_accounts where user_id is not null and balance < 0',
    ),
  ).toEqual([]);
  // A live order's hold is open and holds its margin (open) or margin and fee (waiting).
  const wrong = await server.db.query(
    `select o.id from contract_orders o join ledger_holds h on h.id = o.hold_id
      where o.status in ('waiting', 'open')
        and (h.status <> 'open'
          or h.amount <> case when o.status = 'open' then o.margin else o.margin + o.fee end)`,
  );
  expect(wrong).toEqual([]);
  const ended = await server.db.query(
    `select o.id from contract_orders o join ledger_holds h on h.id = o.hold_id
      where o.status in ('closed', 'cancelled') and h.status = 'open'`,
  );
  expect(ended).toEqual([]);
  const twice = await server.db.query(
    `select reference from ledger_transfers where reference like 'hold:%'
      group by reference having count(*) > 1`,
  );
  expect(twice).toEqual([]);
}

/** Signed decimal text to units. */
const signed = (v: string, scale: number) =>
  v.startsWith('-') ? -toUnits(v.slice(1), scale) : toUnits(v, scale);

/**
 * Each person's USDT, from a bigint model of their orders rather than from the ledger: the
 * grant, less every fee charged and stake or margin held, plus every settled profit or loss
 * and option payout. A leg posted with the wrong amount or sign (a close's profit, a fee, a
 * release) makes the ledger's balances differ from it.
 */
async function checkBalances(): Promise<void> {
  for (const userId of users) {
    let available = GRANT;
    let held = 0n;
    const orders = await server.db.query<{
      status: string;
      margin: string;
      fee: string;
      profit: string | null;
    }>(
      `select status, margin::text, fee::text, profit::text from contract_orders
        where user_id = $1 and book = 'demo'`,
      [userId],
    );
    for (const o of orders) {
      const [margin, fee] = [toUnits(o.margin, USDT_SCALE), toUnits(o.fee, USDT_SCALE)];
      if (o.status === 'waiting')
        [available, held] = [available - margin - fee, held + margin + fee];
      if (o.status === 'open') [available, held] = [available - margin - fee, held + margin];
      if (o.status === 'closed') available += signed(o.profit ?? '0', USDT_SCALE) - fee;
    }
    const options = await server.db.query<{ status: string; amount: string; paid: string | null }>(
      `select status, amount::text, paid::text from option_orders where user_id = $1 and book = 'demo'`,
      [userId],
    );
    for (const o of options) {
      const stake = toUnits(o.amount, USDT_SCALE);
      if (o.status === 'open') [available, held] = [available - stake, held + stake];
      else available += toUnits(o.paid ?? '0', USDT_SCALE) - stake;
    }
    const ledger = server.ledger;
    expect(await ledger.balance(userId, 'USDT', 'demo', 'available')).toBe(available);
    expect(await ledger.balance(userId, 'USDT', 'demo', 'held')).toBe(held);
  }
}

/** Every settled order and option, recomputed from its stored ticks, matches the database. */
async function checkReplay(): Promise<number> {
  const closed = await server.db.query<{
    side: 'long' | 'short';
    order_type: string;
    lots: string;
    contract_size: string;
    margin: string;
    limit_price: string | null;
    open_price: string;
    open_tick_price: string;
    close_price: string;
    close_tick_price: string;
    profit: string;
  }>(
    `select side, order_type, lots::text, contract_size::text, margin::text, limit_price::text,
            open_price::text, open_tick_price::text, close_price::text, close_tick_price::text,
            profit::text
       from contract_orders where status = 'closed'`,
  );
  for (const o of closed) {
    const u = (v: string) => toUnits(v, 2);
    const openQuote = quoteOf(u(o.open_tick_price), SPREAD);
    if (o.order_type === 'market') {
      expect(u(o.open_price)).toBe(openPriceOf(o.side, openQuote));
    } else {
      expect(o.open_price).toBe(o.limit_price);
      const reached =
        o.side === 'long' ? openQuote.ask <= u(o.open_price) : openQuote.bid >= u(o.open_price);
      expect(reached).toBe(true);
    }
    const closeQuote = quoteOf(u(o.close_tick_price), SPREAD);
    expect(u(o.close_price)).toBe(closePriceOf(o.side, closeQuote));
    const sizing = {
      lots: toUnits(o.lots, LOT_SCALE),
      contractSize: toUnits(o.contract_size, 0),
      precision: 2,
    };
    const margin = toUnits(o.margin, USDT_SCALE);
    const profit = settledProfitOf(
      profitOf(sizing, o.side, u(o.open_price), u(o.close_price)),
      margin,
    );
    expect(signed(o.profit, USDT_SCALE)).toBe(profit);
  }
  const options = await server.db.query<{
    direction: 'up' | 'down';
    amount: string;
    payout: string;
    open_price: string;
    settle_price: string;
    settle_tick_ts: Date;
    expires_at: Date;
    instrument_id: number;
    paid: string;
  }>(
    `select direction, amount::text, payout::text, open_price::text, settle_price::text,
            settle_tick_ts, expires_at, instrument_id, paid::text
       from option_orders where status = 'settled'`,
  );
  for (const o of options) {
    // The settling tick is the last recorded one at or before expiry.
    const [last] = await server.db.query<{ price: string }>(
      `select price::text from market_ticks where instrument_id = $1 and ts <= $2
        order by ts desc limit 1`,
      [o.instrument_id, o.expires_at],
    );
    expect(toUnits(last?.price ?? '0', 8)).toBe(toUnits(o.settle_price, 8));
    const outcome = optionOutcomeOf(
      o.direction,
      toUnits(o.open_price, 8),
      toUnits(o.settle_price, 8),
    );
    const paid = optionPayoutOf(
      toUnits(o.amount, USDT_SCALE),
      toUnits(o.payout, RATE_SCALE),
      outcome,
    );
    expect(toUnits(o.paid, USDT_SCALE)).toBe(paid);
  }
  return closed.length + options.length;
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
  for (let i = 0; i < 3; i++) {
    const user = await quickUser(server);
    await server.modules.trading.fundDemo(user.id);
    users.push(user.id);
  }
  await tick(price);
});
afterAll(() => server.close());

/** CI's fixed draw (helpers/fc-seed.ts). */
const CI_SEED = 1;

describe('trading invariants', () => {
  it('hold for any sequence of opens, fills, edits, closes, liquidations and options', async () => {
    const { contracts, options, engine } = server.modules.trading;
    let settledSeen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          switch (o.t) {
            case 'open': {
              const userId = users[o.u] ?? 0;
              const step = (n: number) => (price * BigInt(n)) / 10_000n; // n bp of the price
              const long = o.side === 'long';
              const ref = long ? price - step(o.away) : price + step(o.away);
              const base = o.limit ? ref : price;
              const sl = long ? base - step(o.sl) : base + step(o.sl);
              const tp = long ? base + step(o.tp) : base - step(o.tp);
              await tolerate(() =>
                contracts.open(userId, 'demo', {
                  key: requestKey(),
                  instrumentId: btcId,
                  side: o.side,
                  type: o.limit ? 'limit' : 'market',
                  price: o.limit ? show(ref) : undefined,
                  lots: (o.lots / 1000).toFixed(3),
                  leverage: o.leverage,
                  stopLoss: show(sl),
                  takeProfit: show(tp > 0n ? tp : 1n),
                }),
              );
              break;
            }
            case 'tick':
              await tick(price + (price * BigInt(o.move)) / 10_000n);
              break;
            case 'edit': {
              const all = await live();
              const pick = all[o.pick % Math.max(all.length, 1)];
              if (pick === undefined) break;
              const order = await contracts.get(pick.user_id, 'demo', pick.id);
              const step = (n: number) => (price * BigInt(n)) / 10_000n;
              const long = order.side === 'long';
              await tolerate(() =>
                contracts.update(pick.user_id, 'demo', {
                  id: pick.id,
                  stopLoss: show(long ? price - step(o.sl) : price + step(o.sl)),
                  takeProfit: show(long ? price + step(o.tp) : price - step(o.tp)),
                }),
              );
              break;
            }
            case 'close': {
              const all = await live();
              const pick = all[o.pick % Math.max(all.length, 1)];
              if (pick !== undefined)
                await tolerate(() => contracts.stop(pick.user_id, 'demo', pick.id));
              break;
            }
            case 'option':
              await tolerate(() =>
                options.buy(users[o.u] ?? 0, 'demo', {
                  key: requestKey(),
                  instrumentId: btcId,
                  seconds: 30,
                  direction: o.up ? 'up' : 'down',
                  amount: String(o.amount),
                }),
              );
              break;
            case 'settle': {
              // Settle as if an hour had passed: the feed's clock jumps past every expiry first,
              // so no tick at or before an expiry can arrive after its settlement.
              const later = Date.now() + 3_600_000;
              ts = Math.max(ts, later);
              await server.modules.market.market.flush();
              await engine.settleDue(later);
              break;
            }
          }
          await engine.idle();
          await checkInvariants();
          await checkBalances();
        }
        settledSeen = await checkReplay();
      }),
      // CI replays one draw that reaches every way an order ends (FC_SEED replays another).
      { numRuns: 8, ...seedOption(CI_SEED) },
    );
    expect(settledSeen).toBeGreaterThan(0);
    // The runs reached the ways an order ends, not only refusals.
    const ends = await server.db.query<{ how: string }>(
      `select distinct coalesce(close_reason, status) as how from contract_orders`,
    );
    expect(ends.length).toBeGreaterThan(2);
  });
});
