import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { AppError } from '../src/errors.ts';
import { toUnits } from '../src/money/decimal.ts';
import { quickUser, requestKey } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Random sequences of limit (GTC, IOC, post-only), market and cancel commands from three people
 * and the platform maker's requotes on BTC/USDT, through the spot service on PGlite (and
 * PostgreSQL with TEST_DATABASE=postgres). After every step: each asset and book sums to zero,
 * no user balance is negative, every person's held balance is exactly what their waiting
 * orders hold, the engine's book is the database's waiting orders, every order's filled
 * quantity is the sum of its fills, and every fill moved money exactly once.
 */
let server: TestServer;
const users: number[] = [];
let ts = Date.now() - 3_600_000;
let feed = 60_000;
const placed: number[] = [];

type Op =
  | {
      t: 'place';
      u: number;
      side: 'buy' | 'sell';
      kind: 'gtc' | 'ioc' | 'post_only' | 'market';
      away: number;
      lots: number;
    }
  | { t: 'cancel'; pick: number }
  | { t: 'quote'; move: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('place' as const),
      u: fc.integer({ min: 0, max: 2 }),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      kind: fc.constantFrom(
        'gtc' as const,
        'ioc' as const,
        'post_only' as const,
        'market' as const,
      ),
      away: fc.integer({ min: -12, max: 12 }),
      lots: fc.integer({ min: 1, max: 400 }),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant('quote' as const),
      move: fc.integer({ min: -40, max: 40 }),
    }),
    weight: 1,
  },
);

const ALLOWED = new Set<number>([
  Code.insufficientBalance,
  Code.belowMinNotional,
  Code.orderStatusWrong,
  Code.spotOrdersFull,
]);

async function run(o: Op): Promise<void> {
  const spot = server.modules.trading.spot;
  try {
    if (o.t === 'place') {
      const userId = users[o.u] as number;
      const common = {
        key: requestKey(),
        code: 'BTCUSDT',
        side: o.side,
        qty: (o.lots / 10_000).toFixed(4),
      };
      const order = await spot.submit(
        userId,
        'demo',
        o.kind === 'market'
          ? { ...common, type: 'market' }
          : { ...common, type: 'limit', tif: o.kind, price: String(feed + o.away) },
      );
      placed.push(order.id);
    } else if (o.t === 'cancel') {
      if (placed.length === 0) return;
      const id = placed[o.pick % placed.length] as number;
      const [row] = await server.db.query<{ user_id: string }>(
        'select user_id::text from spot_orders where id = $1',
        [id],
      );
      await spot.cancel(Number(row?.user_id), 'demo', id);
    } else {
      feed += o.move;
      ts += 1000;
      server.modules.market.market.ingest([
        { code: 'BTCUSDT', price: `${feed}.00`, volume: '0', ts },
      ]);
      await server.modules.trading.spotDesks.quoteAll();
    }
  } catch (err) {
    if (!(err instanceof AppError) || !ALLOWED.has(err.code)) throw err;
  }
}

async function checkInvariants(): Promise<void> {
  const db = server.db;
  const sums = await db.query<{ asset: string; book: string; total: string }>(
    'select asset, book, sum(balance)::text as total from ledger_accounts group by asset, book',
  );
  for (const s of sums) expect([s.asset, s.book, Number(s.total)]).toEqual([s.asset, s.book, 0]);
  const negative = await db.query(
    'select id from ledger_accounts where user_id is not null and balance < 0',
  );
  expect(negative).toEqual([]);
  // A person's held balance is exactly what their waiting orders hold (nothing else holds here).
  const holds = await db.query<{ user_id: string; asset: string; held: string; orders: string }>(
    `select a.user_id::text, a.asset, a.balance::text as held,
            coalesce((select sum(o.held) from spot_orders o
                       where o.user_id = a.user_id and o.book = a.book and o.status = 'waiting'
                         and (case when o.side = 'buy' then 'USDT' else 'BTC' end) = a.asset), 0)::text as orders
       from ledger_accounts a
      where a.purpose = 'held' and a.book = 'demo' and a.asset in ('USDT', 'BTC')`,
  );
  for (const h of holds) {
    expect([h.user_id, h.asset, toUnits(h.held, 18)]).toEqual([
      h.user_id,
      h.asset,
      toUnits(h.orders, 18),
    ]);
  }
  // The engine's book is the database's waiting orders, in the same order of priority.
  const desk = server.modules.trading.spotDesks.desk('demo', 'BTCUSDT');
  const waiting = await db.query<{ id: string; qty: string; filled: string }>(
    `select id::text, qty::text, filled::text from spot_orders
      where book = 'demo' and code = 'BTCUSDT' and status = 'waiting' order by spot_orders.id`,
  );
  const resting = (desk?.resting() ?? [])
    .map((o) => [o.id, o.remaining])
    .sort((a, b) => (a[0] as number) - (b[0] as number));
  expect(resting).toEqual(
    waiting.map((w) => [
      Number(w.id),
      Number((toUnits(w.qty, 8) - toUnits(w.filled, 8)) / 10_000n),
    ]),
  );
  // Every order's filled quantity is the sum of its fills; every fill moved money once.
  const off = await db.query(
    `select o.id from spot_orders o
      where o.filled <> coalesce((select sum(f.qty) from spot_fills f
                                   where f.maker_order = o.id or f.taker_order = o.id), 0)`,
  );
  expect(off).toEqual([]);
  const [moves] = await db.query<{ fills: string; batches: string }>(
    `select (select count(*) from spot_fills)::text as fills,
            (select count(*) from ledger_batches where idempotency_key like 'spot-fill:%:base')::text as batches`,
  );
  expect(moves?.batches).toBe(moves?.fills);
}

describe('spot: random order sequences keep the money and the book right', () => {
  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
    server.modules.market.market.ingest([{ code: 'BTCUSDT', price: '60000.00', volume: '0', ts }]);
    for (let i = 0; i < 3; i++) {
      const { id } = await quickUser(server);
      users.push(id);
      await server.modules.trading.fundDemo(id);
      await server.ledger.transfer({
        key: `spot-property-btc:${id}`,
        asset: 'BTC',
        book: 'demo',
        legs: [
          {
            from: { platform: 'demo_faucet' },
            to: { user: id, purpose: 'available' },
            amount: toUnits('0.2', 8),
            kind: 'adjust_credit',
          },
        ],
      });
    }
    await server.modules.trading.spotDesks.quoteAll();
  });
  afterAll(() => server.close());

  it('holds every invariant after every command', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        for (const o of ops) {
          await run(o);
          await checkInvariants();
        }
      }),
      { numRuns: 6, endOnFailure: true },
    );
    const [fills] = await server.db.query<{ n: string }>(
      'select count(*)::text as n from spot_fills',
    );
    expect(Number(fills?.n)).toBeGreaterThan(0);
  });
});
