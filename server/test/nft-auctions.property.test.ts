import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import type { AdminSale, NftSale, SaleBid } from '../../contract/nfts/schemas.ts';
import { Ledger } from '../src/ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../src/money/amounts.ts';
import { fromUnits, toUnits } from '../src/money/decimal.ts';
import { settleJob } from '../src/nfts/settle-job.ts';
import { withCommitHooks, type Database } from '../src/platform/db/database.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import { Jobs } from '../src/platform/jobs/jobs.ts';
import { Notices } from '../src/platform/notifications/notices.ts';
import { ADMIN, credit, quickUser, REAL, requestKey, staffSession, USER } from './helpers/funds.ts';
import { newNft } from './helpers/nfts.ts';
import {
  POSTGRES_ADMIN_URL,
  startTestServer,
  usePostgres,
  type TestServer,
} from './helpers/test-server.ts';

/**
 * Random lives of charity auctions through the HTTP API, on PGlite (and PostgreSQL with
 * TEST_DATABASE=postgres): a handful of people with real USDT bid on a few sales (below the
 * least next bid, at it, above it, past their balance), replay a key with the same body or an
 * altered one (amount, sale, bid as buy-now) or send the same request twice at once, buy now
 * (sales with and without a buy-now price, two people at once); staff withdraw sales (until
 * they end, settled or not) and put fresh NFTs (or the NFT of an unsold or withdrawn sale) on
 * sale with random terms, a person sometimes the creator; the clock moves on, sometimes past a
 * sale's end; the settlement job runs on two runners over one database (the server's own and a
 * second `Jobs` on a second connection pool on PostgreSQL), sometimes both at once, sometimes
 * with a buy-now in flight.
 *
 * A reference model predicts every answer's code (200, 10020, 10210, 10211, 10011, 10134),
 * each sale's leader, amount, bids, end and state, each settlement's shares, and every person's
 * available and held balance, in bigints. After every command: each asset and book sums to zero
 * and no balance is negative; an open sale has one open hold iff it has a leading bid, that
 * hold being the leading bid's and of its amount; no other bid's hold is open; every settled sale
 * has one settlement batch (`nft-sale:<id>:settle`) whose charity, creator and fee transfers
 * add up to its price, and one owner row (its winner); an unsettled sale has neither; each
 * person's held balance is the sum of their leading bids.
 */
const RUNS = process.env.CI ? 25 : 40;
const PEOPLE = 4;
const CMDS_MAX = 25;
const MINUTE = 60_000;
/**
 * No sale's end (nor the start of its anti-sniping window) is ever this close to the clock
 * after it moves: the clock runs on in real time between moves, so an end never falls inside
 * a command and the model knows whether each sale has ended.
 */
const MARGIN = MINUTE;
/** Micro-percent of 100%: contract/plans/terms.ts's RATE_SCALE is 6. */
const HUNDRED = 100_000_000n;

let server: TestServer;
let admin: string;
/** A second connection pool to the same database: the second runner's node (PostgreSQL only). */
let other: Database | undefined;
const runners: Record<'a' | 'b', Jobs> = {} as Record<'a' | 'b', Jobs>;

const units = (v: string) => toUnits(v, USDT_SCALE);
const usdt = (u: bigint) => trimDecimal(fromUnits(u, USDT_SCALE));
const micro = (percent: string) => toUnits(percent, 6);

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  // The server's runner runs when the test says (runDue), not on its own timer.
  await server.jobs.follow();
  admin = (await staffSession(server, 'admin')).token;
  if (usePostgres) {
    const [{ name } = { name: '' }] = await server.db.query<{ name: string }>(
      'select current_database() as name',
    );
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    other = withCommitHooks(await openPostgres(url.toString(), 4));
  }
  const db = other ?? server.db;
  // A second node's runner: its own ledger (and caches), notices and jobs, the settlement only.
  const ledger = new Ledger(db);
  const jobs = new Jobs(db, (fn) => ledger.atomically(fn), {
    tickMs: 1_000,
    catchUpPerPass: 24,
    now: server.clock.now,
  });
  jobs.add(
    settleJob(db, {
      ledger,
      notices: new Notices(server.channels, server.clock.now),
      channels: server.channels,
      now: server.clock.now,
      delivers: false,
    }),
  );
  runners.a = server.jobs;
  runners.b = jobs;
});

afterAll(async () => {
  await other?.close();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Commands

type Runs = 'a' | 'b' | 'both';
/** low: under the least next bid; min: at it; above: up to twice it; over: past the balance. */
type BidMode = 'low' | 'min' | 'above' | 'over';
interface TermsPick {
  start: string;
  increment: string;
  extend: number;
  duration: number;
  /** The buy-now price as a multiple of the start (none: no buy-now). */
  buyNow: 'none' | '1' | '1.5' | '3';
  split: readonly [string, string, string];
  /** A person (index) as the creator, who may not bid and is paid their share; or none. */
  creator: number | null;
}
type Cmd =
  | { t: 'bid'; u: number; s: number; mode: BidMode; frac: number }
  | { t: 'buy'; u: number; s: number }
  | { t: 'replay'; u: number; pick: number; alter: 'none' | 'amount' | 'sale' | 'kind' | 'other' }
  | { t: 'twin'; u: number; s: number; buy: boolean; frac: number }
  | { t: 'buyRace'; u: number; v: number; s: number }
  | { t: 'withdraw'; s: number }
  | { t: 'create'; terms: TermsPick; nft: number | null }
  | { t: 'advance'; minutes: number; past: number | null }
  | { t: 'settle'; run: Runs; buy: { u: number; s: number } | null };

const who = fc.nat(PEOPLE - 1);
const pick = fc.nat(1_000);
const termsArb: fc.Arbitrary<TermsPick> = fc.record({
  start: fc.constantFrom('1', '10', '100', '0.5', '12.345678', '250'),
  increment: fc.constantFrom('5', '0.01', '10', '1.5', '100'),
  extend: fc.constantFrom(0, 2, 5),
  duration: fc.constantFrom(10, 30, 60, 120),
  buyNow: fc.constantFrom<TermsPick['buyNow']>('none', 'none', '1', '1.5', '3'),
  split: fc.constantFrom(
    ['80', '15', '5'] as const,
    ['100', '0', '0'] as const,
    ['70.5', '20.25', '9.25'] as const,
    ['33.333333', '33.333333', '33.333334'] as const,
  ),
  creator: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: who }),
});
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      t: fc.constant('bid' as const),
      u: who,
      s: pick,
      mode: fc.constantFrom<BidMode>('low', 'min', 'min', 'above', 'above', 'above', 'over'),
      frac: fc.nat(1_000_000),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('buy' as const), u: who, s: pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('replay' as const),
      u: who,
      pick,
      alter: fc.constantFrom('none', 'none', 'amount', 'sale', 'kind', 'other'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('twin' as const),
      u: who,
      s: pick,
      buy: fc.boolean(),
      frac: fc.nat(1_000_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('buyRace' as const), u: who, v: who, s: pick }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('withdraw' as const), s: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('create' as const),
      terms: termsArb,
      nft: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pick }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('advance' as const),
      minutes: fc.integer({ min: 1, max: 20 }),
      past: fc.option(pick, { freq: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('settle' as const),
      run: fc.constantFrom<Runs>('a', 'b', 'both', 'both'),
      buy: fc.option(fc.record({ u: who, s: pick }), { freq: 2 }),
    }),
  },
);
const runArb = fc.record({
  /** What each person is credited, in whole USDT. */
  credits: fc.array(fc.integer({ min: 20, max: 3_000 }), {
    minLength: PEOPLE,
    maxLength: PEOPLE,
  }),
  sales: fc.tuple(termsArb, termsArb),
  cmds: fc.array(cmd, { minLength: 1, maxLength: CMDS_MAX, size: 'max' }),
});

// ---------------------------------------------------------------------------------------------
// The model

interface Person {
  id: number;
  token: string;
  available: bigint;
  held: bigint;
}
type Status = NftSale['status'];
interface Sale {
  id: number;
  nftId: number;
  start: bigint;
  /** Micro-percent. */
  increment: bigint;
  extendMs: number;
  buyNow: bigint | null;
  split: { charity: bigint; creator: bigint; fee: bigint };
  creator: number | null;
  endsAt: number;
  status: Status;
  leader: number | null;
  lead: bigint;
  bids: number;
  winner: number | null;
  price: bigint | null;
}
type Path = 'bidNft' | 'buyNft';
interface Asked {
  u: number;
  path: Path;
  body: { key: string; saleId: number; amount?: string };
}

class Model {
  readonly people: Person[] = [];
  readonly sales: Sale[] = [];
  /** Every request sent, for replays. */
  readonly asked: Asked[] = [];
  /** What each (person, key) made: the request and its bid, as the server stores them. */
  readonly stored = new Map<string, { path: Path; body: Asked['body']; bidId: number }>();

  person(u: number): Person {
    return this.people[u] as Person;
  }

  /** An open sale not yet ended when `s % 4` is not 0 and there is one; else any sale. */
  sale(s: number, now: number): Sale {
    const live = this.sales.filter((x) => x.status === 'open' && x.endsAt > now);
    const from = s % 4 !== 0 && live.length > 0 ? live : this.sales;
    return from[Math.floor(s / 4) % from.length] as Sale;
  }

  /** The least the next bid may be: contract/nfts/auction.ts minNextBid, worked out again. */
  minNext(s: Sale): bigint {
    if (s.leader === null) return s.start;
    const step = (s.lead * s.increment + HUNDRED - 1n) / HUNDRED;
    return s.lead + (step > 0n ? step : 1n);
  }

  /** What a fresh request would answer at `now`. */
  predict(u: number, s: Sale, path: Path, amount: bigint | null, now: number): number {
    if (s.status !== 'open' || s.endsAt <= now) return Code.collectibleStatusWrong;
    if (s.creator === u) return Code.ownSale;
    let price: bigint;
    if (path === 'buyNft') {
      if (s.buyNow === null) return Code.collectibleStatusWrong;
      if (s.leader !== null && s.lead >= s.buyNow) return Code.collectibleStatusWrong;
      price = s.buyNow;
    } else {
      price = amount ?? 0n;
      if (price < this.minNext(s)) return Code.bidTooLow;
    }
    const own = s.leader === u ? s.lead : 0n;
    if (this.person(u).available + own < price) return Code.insufficientBalanceRecharge;
    return 200;
  }

  /** What a request (fresh or not) answers: the stored bid's replay, 10134, or `predict`. */
  expected(a: Asked, s: Sale | undefined, now: number): number | { replay: number } {
    const stored = this.stored.get(`${a.u}:${a.body.key}`);
    if (stored !== undefined) {
      const same = stored.path === a.path && JSON.stringify(stored.body) === JSON.stringify(a.body);
      return same ? { replay: stored.bidId } : Code.requestKeyReused;
    }
    if (s === undefined) return Code.collectibleStatusWrong;
    const amount = a.body.amount === undefined ? null : units(a.body.amount);
    return this.predict(a.u, s, a.path, amount, now);
  }

  private release(s: Sale): void {
    if (s.leader === null) return;
    const leader = this.person(s.leader);
    leader.available += s.lead;
    leader.held -= s.lead;
    s.leader = null;
    s.lead = 0n;
  }

  /** A bid taken: the beaten one released, this one held, the end moved to `endsAt`. */
  placeBid(u: number, s: Sale, amount: bigint, endsAt: number): void {
    this.release(s);
    const p = this.person(u);
    p.available -= amount;
    p.held += amount;
    s.leader = u;
    s.lead = amount;
    s.bids += 1;
    s.endsAt = endsAt;
  }

  /** A buy-now taken: the leading bid released, the price paid and shared out at once. */
  buy(u: number, s: Sale): void {
    this.release(s);
    const price = s.buyNow as bigint;
    this.person(u).available -= price;
    s.bids += 1;
    this.sold(s, u, price);
  }

  /** Sold to `u`: the winning bid stays the sale's leading one, its price the final one. */
  private sold(s: Sale, u: number, price: bigint): void {
    s.leader = u;
    s.lead = price;
    s.status = 'settled';
    s.winner = u;
    s.price = price;
    if (s.creator !== null) this.person(s.creator).available += shares(s, price).creator;
  }

  /** The settlement job at `now`: each open sale past its end sold to its leader, or unsold. */
  settleDue(now: number): void {
    for (const s of this.sales) {
      if (s.status !== 'open' || s.endsAt > now) continue;
      if (s.leader === null) {
        s.status = 'unsold';
        continue;
      }
      this.person(s.leader).held -= s.lead;
      this.sold(s, s.leader, s.lead);
    }
  }

  /** What the settlement of the sales due at `now` pays `u` as their creator. */
  creatorShares(u: number, now: number): bigint {
    return this.sales
      .filter((s) => s.status === 'open' && s.endsAt <= now && s.leader !== null)
      .filter((s) => s.creator === u)
      .reduce((sum, s) => sum + shares(s, s.lead).creator, 0n);
  }

  withdraw(s: Sale): void {
    this.release(s);
    s.status = 'withdrawn';
  }

  record(a: Asked, bidId: number): void {
    this.stored.set(`${a.u}:${a.body.key}`, { path: a.path, body: a.body, bidId });
  }
}

/** A price shared out: creator's and fee's shares rounded down, the charity's the rest. */
function shares(s: Sale, price: bigint) {
  const creator = (price * s.split.creator) / HUNDRED;
  const fee = (price * s.split.fee) / HUNDRED;
  return { charity: price - creator - fee, creator, fee };
}

// ---------------------------------------------------------------------------------------------
// Calls

type Answer = { status: number; code: number; result: unknown };

function send(model: Model, a: Asked): Promise<Answer> {
  return server.call('POST', `${USER}/${a.path}`, {
    token: model.person(a.u).token,
    headers: REAL,
    body: a.body,
  });
}

/** The answers' codes seen over every run. */
const codesSeen = new Set<number>();

function expectCode(res: Answer, code: number, what: string): void {
  codesSeen.add(res.code);
  expect(res.status, `${what}: HTTP status`).toBeLessThan(500);
  expect(res.code, `${what}: ${JSON.stringify(res.result)}`).toBe(code);
}

function termsBody(t: TermsPick, model: Model) {
  const start = units(t.start);
  const buyNow = { none: null, '1': start, '1.5': (start * 3n) / 2n, '3': start * 3n }[t.buyNow];
  return {
    startPrice: t.start,
    minIncrementPercent: t.increment,
    extendMinutes: t.extend,
    ...(buyNow === null ? {} : { buyNowPrice: usdt(buyNow) }),
    charityPercent: t.split[0],
    creatorPercent: t.split[1],
    feePercent: t.split[2],
    durationMinutes: t.duration,
    ...(t.creator === null ? {} : { creatorUserId: model.person(t.creator).id }),
  };
}

async function createSale(model: Model, t: TermsPick, nftId: number): Promise<Answer> {
  const res = await server.call('POST', `${ADMIN}/saveNftSale`, {
    token: admin,
    body: { nftId, ...termsBody(t, model), reason: 'Charity week' },
  });
  if (res.code !== 200) return res;
  const sale = res.result as AdminSale;
  model.sales.push({
    id: sale.id,
    nftId,
    start: units(t.start),
    increment: micro(t.increment),
    extendMs: t.extend * MINUTE,
    buyNow: sale.buyNowPrice === null ? null : units(sale.buyNowPrice),
    split: { charity: micro(t.split[0]), creator: micro(t.split[1]), fee: micro(t.split[2]) },
    creator: t.creator,
    endsAt: Date.parse(sale.endsAt),
    status: 'open',
    leader: null,
    lead: 0n,
    bids: 0,
    winner: null,
    price: null,
  });
  return res;
}

/**
 * Moves the clock to `target` or a little later: no open sale's end, nor the start of its
 * anti-sniping window, within MARGIN of where the clock lands.
 */
function moveClockTo(model: Model, target: number): void {
  let at = target;
  for (let moved = true; moved;) {
    moved = false;
    for (const s of model.sales) {
      if (s.status !== 'open') continue;
      const points = s.extendMs > 0 ? [s.endsAt, s.endsAt - s.extendMs] : [s.endsAt];
      for (const p of points) {
        if (Math.abs(at - p) < MARGIN) {
          at = p + MARGIN;
          moved = true;
        }
      }
    }
  }
  server.clock.advance(Math.max(0, at - server.clock.now()));
}

async function runJobs(run: Runs): Promise<void> {
  if (run === 'a') await runners.a.runDue();
  if (run === 'b') await runners.b.runDue();
  // Both at once: each sale's row lets one of them end it.
  if (run === 'both') await Promise.all([runners.a.runDue(), runners.b.runDue()]);
}

/**
 * Checks a request's answer against what the model expected, and applies a taken one. The
 * clock read before the request is `now` (no end falls between it and the answer: MARGIN).
 */
function settleAnswer(
  model: Model,
  a: Asked,
  s: Sale | undefined,
  expected: number | { replay: number },
  res: Answer,
  now: number,
  what: string,
): void {
  if (typeof expected === 'object') {
    expectCode(res, 200, `${what} (a replay)`);
    const { bid } = res.result as { bid: SaleBid };
    expect(bid.id, `${what}: the replay answers the first bid`).toBe(expected.replay);
    return;
  }
  expectCode(res, expected, what);
  if (expected !== 200 || s === undefined) return;
  const { bid, sale, message } = res.result as { bid: SaleBid; sale: NftSale; message?: number };
  model.record(a, bid.id);
  if (a.path === 'buyNft') {
    expect([message, bid.kind, bid.amount], `${what}: bought`).toEqual([
      Code.purchaseSuccessful,
      'buy_now',
      usdt(s.buyNow as bigint),
    ]);
    expect([sale.status, sale.finalPrice], `${what}: sold at once`).toEqual([
      'settled',
      usdt(s.buyNow as bigint),
    ]);
    model.buy(a.u, s);
    return;
  }
  const amount = units(a.body.amount as string);
  expect([bid.kind, bid.amount, bid.status], `${what}: the bid`).toEqual([
    'bid',
    usdt(amount),
    'leading',
  ]);
  expect([sale.currentBid, sale.leading], `${what}: it leads`).toEqual([usdt(amount), true]);
  // Anti-sniping: a bid within the window moves the end to a window after it.
  const endsAt = Date.parse(sale.endsAt);
  if (s.extendMs > 0 && s.endsAt - now < s.extendMs) {
    expect(endsAt, `${what}: extended`).toBeGreaterThanOrEqual(now + s.extendMs);
    expect(endsAt, `${what}: extended`).toBeLessThanOrEqual(server.clock.now() + s.extendMs);
  } else {
    expect(endsAt, `${what}: not extended`).toBe(s.endsAt);
  }
  model.placeBid(a.u, s, amount, endsAt);
}

function bidAmount(model: Model, u: number, s: Sale, mode: BidMode, frac: number): bigint {
  const min = model.minNext(s);
  const own = s.leader === u ? s.lead : 0n;
  const f = BigInt(frac);
  switch (mode) {
    case 'low':
      return min > 1n ? min - 1n - ((min - 2n) * f) / 1_000_000n : 1n;
    case 'min':
      return min;
    case 'above':
      return min + (min * f) / 1_000_000n;
    case 'over': {
      const past = model.person(u).available + own + 1n + f;
      return past > min ? past : min;
    }
  }
}

/** Sends one fresh or replayed request and checks it. */
async function ask(model: Model, a: Asked, what: string): Promise<void> {
  model.asked.push(a);
  const s = model.sales.find((x) => x.id === a.body.saleId);
  const now = server.clock.now();
  const expected = model.expected(a, s, now);
  settleAnswer(model, a, s, expected, await send(model, a), now, what);
}

function freshBid(u: number, s: Sale, amount: bigint): Asked {
  return { u, path: 'bidNft', body: { key: requestKey(), saleId: s.id, amount: usdt(amount) } };
}
function freshBuy(u: number, s: Sale): Asked {
  return { u, path: 'buyNft', body: { key: requestKey(), saleId: s.id } };
}

async function step(c: Cmd, model: Model): Promise<void> {
  const now = server.clock.now();
  switch (c.t) {
    case 'bid': {
      const s = model.sale(c.s, now);
      const amount = bidAmount(model, c.u, s, c.mode, c.frac);
      await ask(model, freshBid(c.u, s, amount), `bid ${usdt(amount)} (${c.mode}) on ${s.id}`);
      break;
    }
    case 'buy': {
      const s = model.sale(c.s, now);
      await ask(model, freshBuy(c.u, s), `buy-now of ${s.id}`);
      break;
    }
    case 'replay': {
      const first = model.asked[c.pick % Math.max(1, model.asked.length)];
      if (first === undefined) break;
      let again: Asked = { ...first, body: { ...first.body } };
      if (c.alter === 'amount') {
        const amount = first.body.amount === undefined ? 1n : units(first.body.amount) + 1n;
        again = { ...again, path: 'bidNft', body: { ...again.body, amount: usdt(amount) } };
      } else if (c.alter === 'sale') {
        const to = model.sales[
          (model.sales.findIndex((x) => x.id === first.body.saleId) + 1) % model.sales.length
        ] as Sale;
        again.body.saleId = to.id;
      } else if (c.alter === 'kind') {
        const s = model.sales.find((x) => x.id === first.body.saleId) as Sale;
        again =
          first.path === 'buyNft'
            ? { ...again, path: 'bidNft', body: { ...again.body, amount: usdt(model.minNext(s)) } }
            : { u: first.u, path: 'buyNft', body: { key: first.body.key, saleId: s.id } };
      } else if (c.alter === 'other') {
        // Keys are each person's own: another's key is a fresh request for them.
        again.u = (first.u + 1) % PEOPLE;
      }
      await ask(model, again, `${first.path} replayed (${c.alter}) of ${first.body.saleId}`);
      break;
    }
    case 'twin': {
      // The same request twice at once (a client's retry racing the first): one bid, and
      // both answers are the first's.
      const s = model.sale(c.s, now);
      const a = c.buy
        ? freshBuy(c.u, s)
        : freshBid(c.u, s, bidAmount(model, c.u, s, 'above', c.frac));
      model.asked.push(a);
      const expected = model.expected(a, s, now);
      const [one, two] = await Promise.all([send(model, a), send(model, a)]);
      const what = `${a.path} sent twice at once on ${s.id}`;
      expectCode(one, typeof expected === 'object' ? 200 : expected, `${what} (first)`);
      expectCode(two, typeof expected === 'object' ? 200 : expected, `${what} (second)`);
      if (expected === 200) {
        const ids = [one, two].map((r) => (r.result as { bid: SaleBid }).bid.id);
        expect(ids[1], `${what}: one bid`).toBe(ids[0]);
      }
      settleAnswer(model, a, s, expected, one, now, what);
      break;
    }
    case 'buyRace': {
      const s = model.sale(c.s, now);
      const asks = [freshBuy(c.u, s), freshBuy(c.v, s)];
      const alone = asks.map((a) => model.predict(a.u, s, a.path, null, now));
      for (const a of asks) model.asked.push(a);
      const answers = await Promise.all(asks.map((a) => send(model, a)));
      const won = answers.findIndex((r) => r.code === 200);
      const what = `buy-nows of ${s.id} by ${c.u} and ${c.v} at once`;
      expect(
        answers.filter((r) => r.code === 200).length,
        `${what}: one of them, if either could`,
      ).toBe(alone.includes(200) ? 1 : 0);
      answers.forEach((r, i) => {
        if (i === won) return;
        // The loser answers what it would alone, or finds the sale sold.
        const may = alone.includes(200) ? [alone[i], Code.collectibleStatusWrong] : [alone[i]];
        expect(may, `${what}: ${i} answered ${r.code}`).toContain(r.code);
      });
      if (won >= 0) {
        const a = asks[won] as Asked;
        expect(alone[won], `${what}: the winner could buy`).toBe(200);
        settleAnswer(model, a, s, 200, answers[won] as Answer, now, what);
      }
      break;
    }
    case 'withdraw': {
      const s = model.sale(c.s, now);
      const res = await server.call('POST', `${ADMIN}/withdrawNftSale`, {
        token: admin,
        body: { saleId: s.id, reason: 'Creator asked' },
      });
      // Staff may withdraw a sale until it ends.
      const open = s.status === 'open' && s.endsAt > now;
      expectCode(res, open ? 200 : Code.collectibleStatusWrong, `withdraw ${s.id} (${s.status})`);
      if (open) model.withdraw(s);
      break;
    }
    case 'create': {
      const again = c.nft === null ? undefined : model.sales[c.nft % model.sales.length];
      const nftId = again?.nftId ?? (await newNft(server));
      // An NFT with an open sale (ended or not) or sold is not for sale again.
      const taken = model.sales.some(
        (x) => x.nftId === nftId && (x.status === 'open' || x.status === 'settled'),
      );
      const res = await createSale(model, c.terms, nftId);
      expectCode(res, taken ? Code.nftNotForSale : 200, `sale of NFT ${nftId}`);
      break;
    }
    case 'advance': {
      const past = c.past === null ? undefined : model.sale(c.past, now);
      moveClockTo(model, past === undefined ? now + c.minutes * MINUTE : past.endsAt + MARGIN);
      break;
    }
    case 'settle': {
      // A new slot for both runners (interval jobs run once a second).
      moveClockTo(model, now + 1_500);
      const at = server.clock.now();
      if (c.buy === null) {
        await runJobs(c.run);
      } else {
        // A buy-now in flight while the runners end what is due: a sale is either due (the
        // buy-now finds it ended) or not (the runners leave it), whichever commits first.
        const s = model.sale(c.buy.s, at);
        const a = freshBuy(c.buy.u, s);
        model.asked.push(a);
        const first = model.expected(a, s, at);
        // The runners may pay the buyer a creator's share (of a sale of theirs now due) first.
        const buyer = model.person(a.u);
        const share = model.creatorShares(a.u, at);
        buyer.available += share;
        const paidFirst = model.expected(a, s, at);
        buyer.available -= share;
        const [res] = await Promise.all([send(model, a), runJobs(c.run)]);
        const expected = res.code === paidFirst ? paidFirst : first;
        settleAnswer(model, a, s, expected, res, at, `buy-now of ${s.id} racing the runners`);
      }
      model.settleDue(at);
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The invariants

async function none(what: string, sql: string, params: unknown[] = []): Promise<void> {
  expect(await server.db.query<Record<string, unknown>>(sql, params), what).toEqual([]);
}

/** The ledger, the run's sales and bids, and the run's people, against the rules and the model. */
async function check(model: Model, when: string): Promise<void> {
  await none(
    `${when}: every asset and book sums to zero`,
    `select asset, book, sum(balance)::text as total from ledger_accounts
      group by asset, book having sum(balance) <> 0`,
  );
  await none(
    `${when}: no person's balance, reserve or payee is negative`,
    `select id, user_id, platform_key, balance::text from ledger_accounts
      where balance < 0 and (user_id is not null or platform_key ~ '^(reserve|payee):')`,
  );
  const saleIds = model.sales.map((s) => s.id);
  await none(
    `${when}: an open sale has one open hold iff it has a leading bid, the leading bid's, of its amount`,
    `select s.id, s.status, s.leading_bid_id, lb.status as bid, lh.status as hold,
            lh.amount::text as held, lb.amount::text as amount, o.n as open_holds
       from nft_sales s
       left join nft_bids lb on lb.id = s.leading_bid_id
       left join ledger_holds lh on lh.id = lb.hold_id
       cross join lateral (
         select count(*)::int as n from nft_bids b join ledger_holds h on h.id = b.hold_id
          where b.sale_id = s.id and h.status = 'open') o
      where s.id = any($1::bigint[])
        and case when s.status = 'open' and s.leading_bid_id is not null
                 then o.n <> 1 or lb.status <> 'leading' or lh.status <> 'open'
                      or lh.amount <> lb.amount
                 else o.n <> 0 end`,
    [saleIds],
  );
  await none(
    `${when}: no other bid's hold is open, and only an open sale's leading bid leads`,
    `select b.id, b.status, h.status as hold, s.status as sale from nft_bids b
       join ledger_holds h on h.id = b.hold_id join nft_sales s on s.id = b.sale_id
      where s.id = any($1::bigint[])
        and ((h.status = 'open') <> (b.status = 'leading' and s.status = 'open'
                                    and s.leading_bid_id = b.id)
             or (b.status = 'leading') <> (s.status = 'open' and s.leading_bid_id = b.id))`,
    [saleIds],
  );
  const settled = await server.db.query<{
    id: number;
    status: Status;
    final_price: string | null;
    winner_user_id: number | null;
    batches: number;
    charity: string;
    creator: string;
    fee: string;
    others: number;
    owners: number;
    owner: number | null;
    hold: string | null;
    won: string | null;
  }>(
    `select s.id, s.status, s.final_price::text, s.winner_user_id,
            (select count(*)::int from ledger_batches
              where idempotency_key = 'nft-sale:' || s.id || ':settle') as batches,
            coalesce(sum(t.amount) filter (where t.kind = 'nft_charity'), 0)::text as charity,
            coalesce(sum(t.amount) filter (where t.kind = 'nft_creator'), 0)::text as creator,
            coalesce(sum(t.amount) filter (where t.kind = 'nft_fee'), 0)::text as fee,
            count(t.id) filter (where t.kind not in ('nft_charity', 'nft_creator', 'nft_fee'))::int
              as others,
            (select count(*)::int from nft_owners o where o.sale_id = s.id) as owners,
            (select o.user_id from nft_owners o where o.sale_id = s.id) as owner,
            (select status from ledger_holds where id = s.settled_hold_id) as hold,
            (select status from nft_bids where id = s.leading_bid_id) as won
       from nft_sales s
       left join ledger_batches b on b.idempotency_key = 'nft-sale:' || s.id || ':settle'
       left join ledger_transfers t on t.batch_id = b.id
      where s.id = any($1::bigint[])
      group by s.id order by s.id`,
    [saleIds],
  );
  for (const r of settled) {
    const what = `${when}: sale ${r.id} (${r.status})`;
    if (r.status === 'settled') {
      const price = units(r.final_price ?? '0');
      expect(
        [r.batches, units(r.charity) + units(r.creator) + units(r.fee), r.others],
        `${what}: one settlement batch, its shares adding up to the price`,
      ).toEqual([1, price, 0]);
      expect(
        [r.owners, Number(r.owner), r.hold, r.won],
        `${what}: owned by its winner, whose hold paid and bid won`,
      ).toEqual([1, Number(r.winner_user_id), 'settled', 'won']);
    } else {
      expect([r.batches, r.owners], `${what}: no settlement, no owner`).toEqual([0, 0]);
    }
  }
  const ids = model.people.map((p) => p.id);
  await none(
    `${when}: each person's held balance is the sum of their leading bids`,
    `select u.id, coalesce(a.balance, 0)::text as held, coalesce(l.total, 0)::text as leading
       from unnest($1::bigint[]) as u(id)
       left join ledger_accounts a
         on a.user_id = u.id and a.asset = 'USDT' and a.book = 'real' and a.purpose = 'held'
       left join lateral (
         select sum(amount) as total from nft_bids where user_id = u.id and status = 'leading') l
         on true
      where coalesce(a.balance, 0) <> coalesce(l.total, 0)`,
    [ids],
  );

  // The rows and balances against the model.
  const rows = await server.db.query<{
    id: number;
    status: Status;
    ends_at: Date;
    bids: number;
    leader: number | null;
    lead: string | null;
    winner_user_id: number | null;
    final_price: string | null;
  }>(
    `select s.id, s.status, s.ends_at, s.bids, lb.user_id as leader, lb.amount::text as lead,
            s.winner_user_id, s.final_price::text
       from nft_sales s left join nft_bids lb on lb.id = s.leading_bid_id
      where s.id = any($1::bigint[]) order by s.id`,
    [saleIds],
  );
  const idOf = (u: number | null) => (u === null ? null : model.person(u).id);
  expect(
    rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      endsAt: new Date(r.ends_at).getTime(),
      bids: r.bids,
      // A withdrawn sale keeps the id of the bid it released.
      leader: r.leader === null || r.status === 'withdrawn' ? null : Number(r.leader),
      lead: r.lead === null || r.status === 'withdrawn' ? null : units(r.lead),
      winner: r.winner_user_id === null ? null : Number(r.winner_user_id),
      price: r.final_price === null ? null : units(r.final_price),
    })),
    `${when}: the sales against the model`,
  ).toEqual(
    [...model.sales]
      .sort((a, b) => a.id - b.id)
      .map((s) => ({
        id: s.id,
        status: s.status,
        endsAt: s.endsAt,
        bids: s.bids,
        leader: idOf(s.leader),
        lead: s.leader === null ? null : s.lead,
        winner: idOf(s.winner),
        price: s.price,
      })),
  );
  for (const s of model.sales.filter((x) => x.status === 'settled')) {
    const r = settled.find((x) => Number(x.id) === s.id);
    const parts = shares(s, s.price as bigint);
    expect(
      [units(r?.charity ?? '0'), units(r?.creator ?? '0'), units(r?.fee ?? '0')],
      `${when}: sale ${s.id}'s shares of ${usdt(s.price as bigint)}`,
    ).toEqual([parts.charity, parts.creator, parts.fee]);
  }
  const balances = await server.db.query<{ user_id: number; purpose: string; balance: string }>(
    `select user_id, purpose, balance::text from ledger_accounts
      where user_id = any($1::bigint[]) and asset = 'USDT' and book = 'real'`,
    [ids],
  );
  const of = (id: number, purpose: string) =>
    units(balances.find((b) => Number(b.user_id) === id && b.purpose === purpose)?.balance ?? '0');
  expect(
    model.people.map((p) => [p.id, of(p.id, 'available'), of(p.id, 'held')]),
    `${when}: people's available and held against the model`,
  ).toEqual(model.people.map((p) => [p.id, p.available, p.held]));
}

// ---------------------------------------------------------------------------------------------

type Run = { credits: number[]; sales: [TermsPick, TermsPick]; cmds: Cmd[] };

async function setUp(input: Run, model: Model): Promise<void> {
  for (const whole of input.credits) {
    const p = await quickUser(server);
    const amount = BigInt(whole) * 1_000_000n;
    await credit(server, p.id, { asset: 'USDT', amount: usdt(amount), book: 'real' });
    model.people.push({ id: p.id, token: p.token, available: amount, held: 0n });
  }
  // One sale with a buy-now price and one without.
  const [withBuyNow, without] = input.sales;
  const first = await createSale(
    model,
    { ...withBuyNow, buyNow: withBuyNow.buyNow === 'none' ? '1.5' : withBuyNow.buyNow },
    await newNft(server),
  );
  expectCode(first, 200, 'the first sale');
  const second = await createSale(model, { ...without, buyNow: 'none' }, await newNft(server));
  expectCode(second, 200, 'the second sale');
}

describe('charity auction invariants', () => {
  it('hold for any bids, replays, buy-nows, withdrawals, new sales, time and two settlement runners', async () => {
    const seen = { bids: 0, settled: 0, bought: 0 };
    await fc.assert(
      fc.asyncProperty(runArb, async (input) => {
        const model = new Model();
        await setUp(input, model);
        await check(model, 'set up');
        for (const [i, c] of input.cmds.entries()) {
          await step(c, model);
          await check(model, `after ${i}: ${c.t}`);
        }
        // Every sale ends: the runners sell or close what is due, once each.
        const last = Math.max(...model.sales.map((s) => s.endsAt));
        moveClockTo(model, Math.max(server.clock.now(), last) + MARGIN);
        const at = server.clock.now();
        await runJobs('both');
        model.settleDue(at);
        expect(
          model.sales.filter((s) => s.status === 'open').map((s) => s.id),
          'every sale ended',
        ).toEqual([]);
        await check(model, 'at the end');
        expect(
          model.people.map((p) => p.held),
          'nothing held at the end',
        ).toEqual(model.people.map(() => 0n));
        seen.bids += model.sales.reduce((n, s) => n + s.bids, 0);
        seen.settled += model.sales.filter((s) => s.status === 'settled').length;
        seen.bought += [...model.stored.values()].filter((x) => x.path === 'buyNft').length;
      }),
      { numRuns: RUNS },
    );
    // The runs reached bids, settlements and buy-nows, not only refusals.
    expect(seen.bids).toBeGreaterThan(0);
    expect(seen.settled).toBeGreaterThan(0);
    expect(seen.bought).toBeGreaterThan(0);
    for (const code of [200, Code.collectibleStatusWrong, Code.bidTooLow]) {
      expect(codesSeen, `some answer was ${code}`).toContain(code);
    }
  }, 600_000);
});
