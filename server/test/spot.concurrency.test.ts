import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerError } from '../src/ledger/ledger.ts';
import { toUnits } from '../src/money/decimal.ts';
import { quickUser, requestKey } from './helpers/funds.ts';
import { spotViolations, waitingLevels } from './helpers/spot.ts';
import { startTestServer, usePostgres, type TestServer } from './helpers/test-server.ts';

const ORDER = '/swx/customer/order';
const CLIENTS = 32;
const ROUNDS = 12;
const PAYMENTS = 96;

type Answer = { code: number; result: unknown };
type Order = { id: number; status: string; filled: string };

/**
 * 32 people trading and cancelling on one book at once (PostgreSQL, where the requests really
 * run side by side): crossing limits, market orders, cancels clicked twice, a submit replayed
 * with its key while the first is in flight, and people paying each other outside the book
 * (another writer on the same accounts). Afterwards every acknowledged order is in the
 * database as acknowledged or further along, every fill moved money once, holds equal what the
 * waiting orders hold, money sums to zero, and the engine's book is the waiting orders.
 */
describe.skipIf(!usePostgres)('spot under concurrency', () => {
  let server: TestServer;
  const acked = new Map<number, Order>();

  beforeAll(async () => {
    server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
    server.modules.market.market.ingest([
      { code: 'BTCUSDT', price: '60000.00', volume: '0', ts: Date.now() - 1000 },
    ]);
    await server.modules.trading.spotDesks.quoteAll();
  });
  afterAll(() => server.close());

  it('runs a desk batch again after PostgreSQL broke a deadlock with it: its caller never hears of it', async () => {
    const seller = await quickUser(server);
    const buyer = await quickUser(server);
    for (const user of [seller, buyer]) await server.modules.trading.fundDemo(user.id);
    await server.ledger.transfer({
      key: `spot-deadlock-btc:${seller.id}`,
      asset: 'BTC',
      book: 'demo',
      legs: [
        {
          from: { platform: 'demo_faucet' },
          to: { user: seller.id, purpose: 'available' },
          amount: toUnits('0.01', 8),
          kind: 'adjust_credit',
        },
      ],
    });
    const submit = (token: string, body: Record<string, unknown>) =>
      server.call('POST', `${ORDER}/submit`, {
        token,
        body: { key: requestKey(), code: 'BTCUSDT', type: 'limit', qty: '0.001', ...body },
      });
    const ask = await submit(seller.token, { side: 'sell', price: '60020' });
    const makerId = (ask.result as Order).id;
    const [account] = await server.db.query<{ id: string }>(
      `select id::text from ledger_accounts
        where user_id = $1 and asset = 'USDT' and book = 'demo' and purpose = 'available'`,
      [buyer.id],
    );
    const desk = server.modules.trading.spotDesks.desk('demo', 'BTCUSDT');
    const retried = desk?.stats.retried ?? 0;
    // Another writer locks the buyer's USDT, which the desk's batch will lock when it posts
    // (after it has updated the maker's order row); then it asks for that row: a cycle, which
    // PostgreSQL breaks by failing the one that waited first (its own check comes later).
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    let deskWaits!: () => void;
    const waiting = new Promise<void>((resolve) => (deskWaits = resolve));
    const other = server.db.transaction(async (tx) => {
      await tx.query(`set local deadlock_timeout = '20s'`);
      await tx.query('select id from ledger_accounts where id = $1 for update', [account?.id]);
      locked();
      await waiting;
      await tx.query('update spot_orders set reason = reason where id = $1', [makerId]);
    });
    await isLocked;
    const bid = submit(buyer.token, { side: 'buy', price: '60020', tif: 'ioc' });
    await expect
      .poll(
        async () => {
          const [row] = await server.db.query<{ n: string }>(
            `select count(*)::text as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%for no key update%'`,
          );
          return row?.n;
        },
        { timeout: 5_000 },
      )
      .toBe('1');
    deskWaits();
    await other;
    const taken = await bid;
    expect(taken.code).toBe(200);
    expect(taken.result).toMatchObject({ status: 'filled', filled: '0.001' });
    expect(desk?.stats.retried).toBe(retried + 1);
    expect(desk?.stats.setApart).toBe(0);
    const query = <T extends object>(sql: string, params?: unknown[]) =>
      server.db.query<T>(sql, params);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
  });

  it('keeps every fill, hold and balance right with 32 clients on one book', async () => {
    const people = [];
    for (let i = 0; i < CLIENTS; i++) {
      const user = await quickUser(server);
      await server.modules.trading.fundDemo(user.id);
      await server.ledger.transfer({
        key: `spot-concurrency-btc:${user.id}`,
        asset: 'BTC',
        book: 'demo',
        legs: [
          {
            from: { platform: 'demo_faucet' },
            to: { user: user.id, purpose: 'available' },
            amount: toUnits('0.1', 8),
            kind: 'adjust_credit',
          },
        ],
      });
      people.push(user);
    }
    const call = (token: string, path: string, body: unknown): Promise<Answer> =>
      server.call('POST', `${ORDER}/${path}`, { token, body });
    const note = (a: Answer) => {
      if (a.code === 200) {
        const o = a.result as Order;
        acked.set(o.id, o);
      }
      return a;
    };
    let unexpected = 0;
    const expectCode = (a: Answer, allowed: number[]) => {
      if (!allowed.includes(a.code)) unexpected += 1;
    };

    // Meanwhile people pay each other USDT outside the book: another writer moving the same
    // accounts (locked in id order in one statement), racing the desk's batches.
    let paid = 0;
    const payments = (async () => {
      for (let n = 0; n < PAYMENTS; n++) {
        const from = people[(n * 5) % CLIENTS];
        const to = people[(n * 11 + 3) % CLIENTS];
        if (from === undefined || to === undefined || from === to) continue;
        try {
          await server.ledger.transfer({
            key: `spot-concurrency-pay:${n}`,
            asset: 'USDT',
            book: 'demo',
            legs: [
              {
                from: { user: from.id, purpose: 'available' },
                to: { user: to.id, purpose: 'available' },
                amount: toUnits('1', 6),
                kind: 'adjust_credit',
              },
            ],
          });
          paid += 1;
        } catch (err) {
          if (!(err instanceof LedgerError && err.reason === 'insufficient_funds')) throw err;
        }
      }
    })();

    await Promise.all(
      people.map(async ({ token }, i) => {
        const mine: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const pick = (i * 7 + r * 3) % 5;
          const side = (i + r) % 2 === 0 ? 'buy' : 'sell';
          const price = String(59_990 + ((i * 13 + r * 5) % 21));
          if (pick <= 1) {
            const a = note(
              await call(token, 'submit', {
                key: requestKey(),
                code: 'BTCUSDT',
                side,
                type: 'limit',
                price,
                qty: '0.0005',
              }),
            );
            expectCode(a, [200, 10092]);
            if (a.code === 200) mine.push((a.result as Order).id);
          } else if (pick === 2) {
            const a = note(
              await call(token, 'submit', {
                key: requestKey(),
                code: 'BTCUSDT',
                side,
                type: 'market',
                qty: '0.0002',
              }),
            );
            expectCode(a, [200, 10092]);
          } else if (pick === 3 && mine.length > 0) {
            const id = mine[r % mine.length];
            const [x, y] = await Promise.all([
              call(token, 'chedan', { id }),
              call(token, 'chedan', { id }),
            ]);
            for (const a of [x, y]) expectCode(note(a), [200, 10174]);
          } else {
            const body = {
              key: requestKey(),
              code: 'BTCUSDT',
              side,
              type: 'limit',
              tif: 'ioc',
              price,
              qty: '0.0003',
            };
            const [x, y] = await Promise.all([
              call(token, 'submit', body),
              call(token, 'submit', body),
            ]);
            for (const a of [x, y]) expectCode(note(a), [200, 10092]);
            if (x.code === 200 && y.code === 200) {
              expect((x.result as Order).id).toBe((y.result as Order).id);
            }
          }
        }
      }),
    );
    await payments;
    await server.modules.trading.spotDesks.desk('demo', 'BTCUSDT')?.idle();
    expect(unexpected).toBe(0);
    expect(paid).toBeGreaterThan(0);

    const query = <T extends object>(sql: string, params?: unknown[]) =>
      server.db.query<T>(sql, params);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
    // Every acknowledged order is stored, and has filled at least what its answer said.
    const rows = await server.db.query<{ id: string; filled: string }>(
      'select id::text, filled::text from spot_orders',
    );
    const stored = new Map(rows.map((r) => [Number(r.id), toUnits(r.filled, 8)]));
    for (const [id, o] of acked) {
      expect(stored.has(id)).toBe(true);
      expect((stored.get(id) ?? 0n) >= toUnits(o.filled, 8)).toBe(true);
    }
    const desk = server.modules.trading.spotDesks.desk('demo', 'BTCUSDT');
    const depth = desk?.depth(1000);
    const levels = [
      ...(depth?.bids ?? []).map(
        (l) => `buy ${Number(desk?.pair.priceOf(l.price))} ${Number(desk?.pair.qtyOf(l.qty))}`,
      ),
      ...(depth?.asks ?? []).map(
        (l) => `sell ${Number(desk?.pair.priceOf(l.price))} ${Number(desk?.pair.qtyOf(l.qty))}`,
      ),
    ].sort();
    expect(levels).toEqual((await waitingLevels(query, 'demo', 'BTCUSDT')).sort());
    const [fills] = await server.db.query<{ n: string }>(
      'select count(*)::text as n from spot_fills',
    );
    expect(Number(fills?.n)).toBeGreaterThan(CLIENTS);
  });
});
