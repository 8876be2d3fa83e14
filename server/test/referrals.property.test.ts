import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invites } from '../../contract/invites/schemas.ts';
import { percentOf } from '../../contract/plans/terms.ts';
import { USDT_SCALE } from '../src/money/amounts.ts';
import { toUnits } from '../src/money/decimal.ts';
import { credit, quickUser, REAL, requestKey, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Referral shares follow the person who paid the fee (docs/rewards.md): over random mixes of
 * contract, option and spot trades, on both sides of a spot trade and in both books, a
 * referrer's statement is exactly the share of the USDT fees their friends paid, each fee
 * rounded down on its own, and the ledger's referral transfers sum to the statement.
 *
 * "Paid" is read from the trades' own rows (a contract's fee; a spot fill's maker and taker
 * fee, the seller's in USDT), not from the ledger legs the job reads, so a leg taken from the
 * wrong account shows as a difference.
 */
const ORDER = '/swx/customer/order';
const RUNS = process.env.CI ? 8 : 25;
type Book = 'demo' | 'real';
type Person = { id: number; token: string };

let server: TestServer;
let btcId = 0;
let ts = Date.now() - 60_000;

const tick = (price: string) => {
  ts += 100;
  server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  return server.modules.trading.engine.idle();
};
const headers = (book: Book) => (book === 'real' ? REAL : {});

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off', SPOT_QUOTE_MS: '0' });
  btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
  await tick('60000.00');
});
afterAll(() => server.close());

async function person(): Promise<Person> {
  const p = await quickUser(server);
  for (const book of ['demo', 'real'] as const) {
    await credit(server, p.id, { asset: 'USDT', amount: '100000', book });
    await credit(server, p.id, { asset: 'BTC', amount: '10', book });
  }
  return p;
}

async function bind(friend: Person, referrer: Person) {
  const mine = await server.call('GET', `${USER}/getInvites`, { token: referrer.token });
  const code = (mine.result as Invites).code;
  const res = await server.call('POST', `${USER}/bindInvite`, {
    token: friend.token,
    body: { code },
  });
  expect(res.code).toBe(200);
}

async function contract(p: Person, book: Book) {
  const res = await server.call('POST', `${ORDER}/buyU`, {
    token: p.token,
    headers: headers(book),
    body: {
      key: requestKey(),
      instrumentId: btcId,
      type: 'market',
      side: 'long',
      lots: '0.01',
      leverage: 10,
      stopLoss: '57000',
      takeProfit: '70000',
    },
  });
  expect(res.code).toBe(200);
}

async function option(p: Person, book: Book) {
  const res = await server.call('POST', `${ORDER}/buyOptions`, {
    token: p.token,
    headers: headers(book),
    body: { key: requestKey(), instrumentId: btcId, seconds: 30, direction: 'up', amount: '100' },
  });
  expect(res.code).toBe(200);
}

/** `maker` rests a limit at 60,000; `taker` crosses it in full. */
async function spot(
  maker: Person,
  taker: Person,
  makerSide: 'buy' | 'sell',
  qty: string,
  book: Book,
) {
  const submit = (p: Person, side: 'buy' | 'sell') =>
    server.call('POST', `${ORDER}/submit`, {
      token: p.token,
      headers: headers(book),
      body: { key: requestKey(), code: 'BTCUSDT', type: 'limit', side, price: '60000', qty },
    });
  expect((await submit(maker, makerSide)).code).toBe(200);
  expect((await submit(taker, makerSide === 'buy' ? 'sell' : 'buy')).code).toBe(200);
}

/** Runs the referral job past its settling window, on two runners at once. */
async function shareFees() {
  server.clock.advance(60_000);
  await Promise.all([server.jobs.runDue(), server.jobs.runDue()]);
}

/** The share the referrer is owed: each real USDT fee a friend paid, shared and rounded down. */
async function owed(friends: readonly number[], percent: string): Promise<bigint> {
  const fees = await server.db.query<{ fee: string }>(
    `select fee::text from contract_orders where book = 'real' and user_id = any($1) and fee > 0
     union all
     select (case when f.taker_side = 'sell' then f.taker_fee else f.maker_fee end)::text
       from spot_fills f
       join spot_orders seller on seller.id =
            (case when f.taker_side = 'sell' then f.taker_order else f.maker_order end)
      where f.book = 'real' and f.code = 'BTCUSDT' and seller.user_id = any($1)`,
    [friends],
  );
  return fees.reduce((sum, f) => sum + percentOf(toUnits(f.fee, USDT_SCALE), percent, 'down'), 0n);
}

async function statementOf(referrer: Person): Promise<{ total: bigint; ledger: bigint }> {
  const [row] = await server.db.query<{ total: string; ledger: string }>(
    `select coalesce((select sum(amount) from referral_rewards where referrer_id = $1), 0)::text
              as total,
            coalesce((select sum(t.amount) from ledger_transfers t
                        join ledger_accounts a on a.id = t.to_account
                       where a.user_id = $1 and t.kind = 'referral_reward'), 0)::text as ledger`,
    [referrer.id],
  );
  return {
    total: toUnits(row?.total ?? '0', USDT_SCALE),
    ledger: toUnits(row?.ledger ?? '0', USDT_SCALE),
  };
}

describe('referral shares follow the fee payer', () => {
  it("shares a friend's own USDT fee when the friend sells, never the counterparty's", async () => {
    const referrer = await person();
    const friend = await person();
    const stranger = await person();
    await bind(friend, referrer);
    // The friend sells (as taker, then as maker): their USDT fees are shared.
    await spot(stranger, friend, 'buy', '0.002', 'real');
    await spot(friend, stranger, 'sell', '0.003', 'real');
    // The friend buys: the fee in USDT is the stranger's, and earns the referrer nothing.
    await spot(stranger, friend, 'sell', '0.004', 'real');
    await shareFees();
    const expected = await owed([friend.id], '20');
    expect(expected).toBeGreaterThan(0n);
    const got = await statementOf(referrer);
    expect(got.total).toBe(expected);
    expect(got.ledger).toBe(expected);
    const rows = await server.db.query<{ friend_id: string }>(
      'select friend_id::text from referral_rewards where referrer_id = $1',
      [referrer.id],
    );
    expect(rows.map((r) => Number(r.friend_id))).toEqual([friend.id, friend.id]);
  });

  it('a statement equals the share of the fees friends paid, over random trades', async () => {
    const who = fc.integer({ min: 0, max: 2 });
    const book = fc.constantFrom<Book>('demo', 'real');
    const command = fc.oneof(
      fc.record({ kind: fc.constant('contract' as const), who, book }),
      fc.record({ kind: fc.constant('option' as const), who, book }),
      fc.record({
        kind: fc.constant('spot' as const),
        maker: who,
        other: fc.integer({ min: 1, max: 2 }),
        side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        qty: fc.integer({ min: 1, max: 9 }),
        book,
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 6 }), async (commands) => {
        const referrer = await person();
        // Two friends of the referrer and a stranger brought by nobody.
        const [friend1, friend2, stranger] = [await person(), await person(), await person()];
        const people = [friend1, friend2, stranger] as const;
        const who = (i: number) => people[i % 3] ?? stranger;
        await bind(friend1, referrer);
        await bind(friend2, referrer);
        for (const c of commands) {
          if (c.kind === 'contract') await contract(who(c.who), c.book);
          else if (c.kind === 'option') await option(who(c.who), c.book);
          else await spot(who(c.maker), who(c.maker + c.other), c.side, `0.00${c.qty}`, c.book);
        }
        await shareFees();
        const expected = await owed([friend1.id, friend2.id], '20');
        const got = await statementOf(referrer);
        expect(got.total).toBe(expected);
        expect(got.ledger).toBe(expected);
      }),
      { numRuns: RUNS, seed: 31_001, endOnFailure: true },
    );
  }, 240_000);
});
