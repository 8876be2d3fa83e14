/**
 * Bids on ONE charity auction on PostgreSQL: BENCH_PEOPLE people (64) place BENCH_BIDS bids
 * (3,000), each higher than the one issued before it, BENCH_CONCURRENCY (16) in flight at a
 * time, through the service the route calls (`server.modules.nfts.bids.bid`: the sale's row
 * locked, the new hold, the beaten one released, the outbid notice, the sale's row, in one
 * transaction; the server's pool of 10 connections). Every bid waits for the one sale's row,
 * so this is the single hottest row a sale has. Reported: bids taken per second, p50/p99 of a
 * call, how many were refused as too low (a race loser: a higher bid issued after it
 * committed first), and the sales with more than one open bid hold (must be 0), with the
 * sale's one open hold checked against its leading bid and the ledger summed.
 *
 * Baseline, in the same run on the same database and people: the ledger's own part of a bid
 * without the sale, `Ledger.hold` then `Ledger.resolveHold` (release) of the same amount, as
 * many operations, as many in flight (two transactions each, on 64 people's rows, no shared
 * row). Also, for reference, 500 bids one at a time on a sale of their own (nobody waiting for
 * its row). The callers run in the server's process and event loop (as the route's handlers
 * would). Goal: >= 200 bids/s and 0 double holds; figures only, no assertion on time.
 *
 *   npx tsx bench/nft-bids.ts     (BENCH_BIDS=3000, BENCH_PEOPLE=64, BENCH_CONCURRENCY=16;
 *     BENCH_POSTGRES_URL)
 */
import { randomBytes } from 'node:crypto';
import type { Staff } from '../contract/admin/schemas.ts';
import { AppError } from '../server/src/errors.ts';
import type { Server } from '../server/src/server.ts';
import { startPostgresServer } from './support/postgres-server.ts';

const total = Number(process.env.BENCH_BIDS ?? 3000);
const peopleCount = Number(process.env.BENCH_PEOPLE ?? 64);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARM_UP = 200;
/** Bids placed one at a time on a sale of their own, after the measured run. */
const SERIAL = 500;
const USDT = 1_000_000n;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Runs `count` operations, `inFlight` at a time; each one's duration in ms. */
async function lanes(
  count: number,
  op: (i: number) => Promise<void>,
  inFlight = concurrency,
): Promise<number[]> {
  const took: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      const t = performance.now();
      await op(i);
      took.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return took;
}

/** `count` people with 10,000,000 real USDT each (from the house, through the ledger). */
async function people(server: Server, count: number): Promise<number[]> {
  const tag = `nb${process.pid}`;
  const rows = await server.db.query<{ id: number }>(
    `insert into users (username, email, password_hash, invite_code)
     select $1 || 'u' || g, $1 || 'u' || g || '@example.test', 'not-a-hash', upper($1) || 'X' || g
       from generate_series(1, $2::int) g
     returning id`,
    [tag, count],
  );
  const ids = rows.map((r) => Number(r.id));
  for (const id of ids) {
    await server.ledger.transfer({
      key: `bench-credit:${id}`,
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: 'house' },
          to: { user: id, purpose: 'available' },
          amount: 10_000_000n * USDT,
          kind: 'adjust_credit',
        },
      ],
    });
  }
  return ids;
}

/** A fresh NFT on sale for ten hours (no bid here lands in an anti-sniping window). */
async function openSale(server: Server, staff: Staff, name: string): Promise<number> {
  const [nft] = await server.db.query<{ id: number }>(
    `insert into nfts (name, creator, image, token_id, starting_price, asset, sort)
     values ($1, 'Bench', '/nft/morning-kite.svg', $2, 10, 'USDT', 100) returning id`,
    [name, 9_000_000 + Math.floor(Math.random() * 1_000_000)],
  );
  if (nft === undefined) throw new Error('nft insert returned no row');
  const sale = await server.modules.nfts.desk.create(staff, {
    nftId: Number(nft.id),
    startPrice: '100',
    minIncrementPercent: '0.01',
    extendMinutes: 5,
    charityPercent: '80',
    creatorPercent: '15',
    feePercent: '5',
    durationMinutes: 600,
    reason: 'Bench sale',
  });
  return sale.id;
}

interface BidRun {
  took: number[];
  taken: number;
  tooLow: number;
  other: Map<string, number>;
  seconds: number;
}

/** Bids `count` times on `saleId`, bid i being 100 + i USDT by person i mod the people. */
async function bids(
  server: Server,
  ids: number[],
  saleId: number,
  count: number,
  inFlight = concurrency,
) {
  const run: BidRun = { took: [], taken: 0, tooLow: 0, other: new Map(), seconds: 0 };
  const started = performance.now();
  run.took = await lanes(
    count,
    async (i) => {
      const userId = ids[i % ids.length] as number;
      try {
        await server.modules.nfts.bids.bid(userId, 'real', {
          key: randomBytes(12).toString('hex'),
          saleId,
          amount: String(100 + i),
        });
        run.taken += 1;
      } catch (err) {
        if (err instanceof AppError && err.code === 10210) run.tooLow += 1;
        else {
          const what = err instanceof AppError ? `code ${err.code}` : (err as Error).message;
          run.other.set(what, (run.other.get(what) ?? 0) + 1);
        }
      }
    },
    inFlight,
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** The baseline: hold then release the same amount, person i mod the people. */
async function holds(server: Server, ids: number[], count: number, tag: string) {
  const started = performance.now();
  const took = await lanes(count, async (i) => {
    const userId = ids[i % ids.length] as number;
    const { holdId } = await server.ledger.hold({
      key: `bench-hold:${tag}:${i}`,
      user: userId,
      asset: 'USDT',
      book: 'real',
      amount: BigInt(100 + i) * USDT,
      kind: 'nft_bid_hold',
      reference: 'bench',
    });
    await server.ledger.resolveHold(
      `bench-release:${tag}:${i}`,
      holdId,
      { release: true },
      'nft_bid_released',
    );
  });
  return { took, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const bench = await startPostgresServer('nftbids', { SPOT_QUOTE_MS: '0' });
  const { server } = bench;
  try {
    const staff = await server.modules.admin.staff.create(null, {
      username: `benchadmin${process.pid}`,
      password: 'Bench-password-123',
      role: 'admin',
    });
    const ids = await people(server, peopleCount);

    // Warm-up: both paths once over, on a sale of their own.
    await holds(server, ids, WARM_UP, 'warm');
    await bids(server, ids, await openSale(server, staff, 'Bench warm-up'), WARM_UP);

    const base = await holds(server, ids, total, 'base');
    const saleId = await openSale(server, staff, 'Bench sale');
    const run = await bids(server, ids, saleId, total);
    // The same sale's row with no one waiting for it: one bid at a time.
    const serial = await bids(
      server,
      ids,
      await openSale(server, staff, 'Bench serial sale'),
      SERIAL,
      1,
    );

    const [double] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from (
         select b.sale_id from nft_bids b join ledger_holds h on h.id = b.hold_id
          where h.status = 'open' group by b.sale_id having count(*) > 1) d`,
    );
    const [sale] = await server.db.query<{
      bids: number;
      leading: string;
      open_holds: number;
      hold: string;
      held: string;
      leading_all: string;
    }>(
      `select s.bids, lb.amount::text as leading,
              (select count(*)::int from nft_bids b join ledger_holds h on h.id = b.hold_id
                where b.sale_id = s.id and h.status = 'open') as open_holds,
              (select amount::text from ledger_holds where id = lb.hold_id) as hold,
              (select coalesce(sum(balance), 0)::text from ledger_accounts
                where user_id = any($2::bigint[]) and purpose = 'held') as held,
              (select coalesce(sum(amount), 0)::text from nft_bids
                where status = 'leading') as leading_all
         from nft_sales s join nft_bids lb on lb.id = s.leading_bid_id where s.id = $1`,
      [saleId, ids],
    );
    const [sum] = await server.db.query<{ s: string }>(
      `select coalesce(sum(balance), 0)::text as s from ledger_accounts
        where asset = 'USDT' and book = 'real'`,
    );

    const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);
    const line = (label: string, perSecond: number, took: number[], note: string) => {
      const ms = sorted(took);
      console.info(
        `${label.padEnd(52)}${String(Math.round(perSecond)).padStart(6)}  ${percentile(ms, 50).toFixed(1).padStart(7)}  ${percentile(ms, 99).toFixed(1).padStart(7)}   ${note}`,
      );
    };
    const takenPerSecond = run.taken / run.seconds;
    const basePerSecond = total / base.seconds;
    console.info(
      `PostgreSQL; one auction, ${peopleCount} people, ${total} bids each higher than the one issued before, ${concurrency} in flight (server pool: 10 connections)\n`,
    );
    console.info(`${''.padEnd(52)} ops/s   p50 ms   p99 ms`);
    line(
      `baseline: Ledger.hold + resolveHold, ${concurrency} in flight`,
      basePerSecond,
      base.took,
      `(${total} ops of two transactions, no shared row)`,
    );
    line(
      `bids on one auction, ${concurrency} in flight: taken`,
      takenPerSecond,
      run.took,
      `(every call answered: ${Math.round(total / run.seconds)}/s; p50/p99 of every call)`,
    );
    line(
      'bids on one auction, 1 in flight',
      serial.taken / serial.seconds,
      serial.took,
      `(${SERIAL} bids, ${serial.tooLow} refused)`,
    );
    const others = [...run.other].map(([k, v]) => `${k} x${v}`).join(', ') || 'none';
    console.info(
      `\n${concurrency} in flight: bids taken ${run.taken}, refused as too low (race losers) ${run.tooLow}, other refusals ${others}`,
    );
    console.info(
      `sales with more than one open bid hold: ${double?.n ?? '?'} (must be 0); the measured sale: ${sale?.bids} bids recorded, ${sale?.open_holds} open hold of ${sale?.hold} for its leading bid of ${sale?.leading}; people's held ${sale?.held} = every leading bid ${sale?.leading_all}; ledger sums to ${sum?.s}`,
    );
    console.info(
      `goal: >= 200 bids/s with 0 double holds; taken bids/s are ${Math.round((takenPerSecond / basePerSecond) * 100)}% of the baseline's ops/s`,
    );
  } finally {
    await bench.finish();
  }
}

await main();
