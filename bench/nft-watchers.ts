/**
 * A new bid's delivery to BENCH_WATCHERS (5,000) websocket clients following one sale's
 * `nfts.sale` live topic on /message (`{"op":"subscribe","topic":"nfts.sale","key":"<id>"}`),
 * next to the `market.prices` fan-out to the same sockets in the same run. The server is the
 * benchmarks' child process (bench/support/measure.ts, PGlite in memory, the market simulator
 * ticking every 100 ms), so the clients here do not share its event loop; every client
 * connects from 127.0.0.1, so MESSAGE_MAX_PER_IP is raised to 20,000 (the socket's own bound).
 *
 * Baseline (phase A, BENCH_SECONDS): the price list every socket receives, frames/s and
 * p50/p99 from tick to client (one frame in 25 parsed, as message-fanout.ts). Then (phase B,
 * BENCH_SECONDS) one bid every BID_MS through the API (an admin, made at start, opened the
 * sale and credited the bidder): for each bid, the delay from its server timestamp (taken in its
 * transaction) to when each watcher learnt of it (its frame, or a later bid's: the topic keeps
 * the latest state per sale, so two bids within one send go out as the second), p50/p99 over
 * every (bid, watcher) and of the last watcher per bid, and how many never learnt of a bid
 * (must be 0); the prices' figures during phase B beside.
 * Frames wait for the hub's next send (every 250 ms), so a bid waits 125 ms on average before
 * any fan-out starts, as a price does.
 *
 *   npx tsx bench/nft-watchers.ts     (BENCH_WATCHERS=5000, BENCH_SECONDS=10, BENCH_BID_MS=500)
 */
import WebSocket from 'ws';
import { INSTRUMENTS } from '../server/src/market/instruments.ts';
import { startBenchServer, stop } from './support/measure.ts';

const watchers = Number(process.env.BENCH_WATCHERS ?? 5000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** The hub sends what waits every 250 ms (platform/live/hub.ts). */
const SEND_MS = 250;
/** A bid per this long, each at a random point of a send cycle. */
const BID_MS = Number(process.env.BENCH_BID_MS ?? 500);
const TICK_MS = 100;
const SAMPLE_EVERY = 25;
/** After the last bid, how long deliveries may take before the rest count as missing. */
const STALL_MS = 5_000;
const ADMIN = { username: 'benchadmin', password: 'Bench-admin-123' };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

type Envelope<T> = { code: number; result: T };

/** The API of the child server, over HTTP. */
function api(base: string) {
  return async <T>(path: string, body: object | undefined, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        virtually: 'YES',
        ...(token === undefined ? {} : { authorization: token }),
      },
      body: JSON.stringify(body ?? {}),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}`);
    return envelope.result;
  };
}

const key = () => `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** An admin's sale on a seeded NFT with no sale yet, and a bidder with real USDT. */
async function prepare(base: string, bidderToken: string): Promise<number> {
  const call = api(base);
  const staff = await call<{ token: string }>('/swx/admin/login', ADMIN);
  const me = await call<{ id: number }>('/swx/customer/user/getUserInfo', {}, bidderToken);
  await call(
    '/swx/admin/adjustBalance',
    {
      key: key(),
      userId: me.id,
      asset: 'USDT',
      book: 'real',
      direction: 'credit',
      amount: '1000000',
      reason: 'Bench bidder',
    },
    staff.token,
  );
  const res = await fetch(`${base}/swx/customer/index/listNft`);
  const { result } = (await res.json()) as Envelope<{ list: { id: number; sale: unknown }[] }>;
  const nft = result.list.find((n) => n.sale === null);
  if (nft === undefined) throw new Error('no seeded NFT without a sale');
  const sale = await call<{ id: number }>(
    '/swx/admin/saveNftSale',
    {
      nftId: nft.id,
      startPrice: '100',
      minIncrementPercent: '0.01',
      extendMinutes: 0,
      charityPercent: '80',
      creatorPercent: '15',
      feePercent: '5',
      durationMinutes: 600,
      reason: 'Bench sale',
    },
    staff.token,
  );
  return sale.id;
}

interface Watchers {
  sockets: WebSocket[];
  prices: { frames: number; seen: number; delays: number[] };
  /** Per watcher: each bid frame it received, [bid id, received at (ms)], in order. */
  receipts: [number, number][][];
  other: number;
}

/** `count` sockets, each following the sale; price frames counted, bid frames kept. */
async function connect(url: string, saleId: number, count: number): Promise<Watchers> {
  const w: Watchers = {
    sockets: [],
    prices: { frames: 0, seen: 0, delays: [] },
    receipts: [],
    other: 0,
  };
  const subscribe = JSON.stringify({ op: 'subscribe', topic: 'nfts.sale', key: String(saleId) });
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => {
        const ws = new WebSocket(url);
        w.sockets.push(ws);
        const mine: [number, number][] = [];
        w.receipts.push(mine);
        ws.on('message', (raw: Buffer) => {
          const now = Date.now();
          if (raw[0] === 0x5b) {
            w.prices.frames += 1;
            w.prices.seen += 1;
            if (w.prices.seen % SAMPLE_EVERY !== 0) return;
            let newest = 0;
            for (const u of JSON.parse(raw.toString()) as { ts: number }[]) {
              if (u.ts > newest) newest = u.ts;
            }
            w.prices.delays.push(now - newest);
            return;
          }
          const f = JSON.parse(raw.toString()) as {
            type?: string;
            topic?: string;
            data?: { lastBid: { id: number } | null };
          };
          const bid = f.type === 'live' && f.topic === 'nfts.sale' ? f.data?.lastBid : undefined;
          if (bid === undefined || bid === null) w.other += 1;
          else mine.push([bid.id, now]);
        });
        return new Promise<void>((resolve, reject) => {
          ws.once('open', () => {
            ws.send(subscribe);
            resolve();
          });
          ws.once('error', reject);
        });
      }),
    );
  }
  return w;
}

/**
 * When each watcher learnt of bid `id`: its first frame of that bid or a later one (the topic
 * keeps the latest state per sale, so a bid followed within one send by another reaches
 * watchers as the later bid's frame). undefined: never.
 */
function learnt(w: Watchers, id: number): (number | undefined)[] {
  return w.receipts.map((r) => r.find(([got]) => got >= id)?.[1]);
}

/** Waits until every watcher has learnt of bid `id`, or deliveries stall for STALL_MS. */
async function drain(w: Watchers, id: number): Promise<void> {
  const got = () => learnt(w, id).filter((t) => t !== undefined).length;
  let last = -1;
  let progressAt = performance.now();
  while (got() < w.sockets.length && performance.now() - progressAt < STALL_MS) {
    await sleep(50);
    if (got() > last) progressAt = performance.now();
    last = got();
  }
}

async function main(): Promise<void> {
  const app = await startBenchServer('app', {
    MARKET_TICK_MS: String(TICK_MS),
    MARKET_BACKFILL_DAYS: '1',
    // Every bench client connects from 127.0.0.1.
    MESSAGE_MAX_PER_IP: '20000',
    SPOT_QUOTE_MS: '0',
    BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const token = app.token ?? '';
    const saleId = await prepare(base, token);
    const call = api(base);
    let amount = 100;
    const bid = async () => {
      const placed = await call<{ bid: { id: number; at: string } }>(
        '/swx/customer/user/bidNft',
        { key: key(), saleId, amount: String(amount) },
        token,
      );
      amount += 1;
      return { id: placed.bid.id, at: Date.parse(placed.bid.at) };
    };

    const connecting = performance.now();
    const w = await connect(`ws://127.0.0.1:${app.port}/message`, saleId, watchers);
    const connectS = ((performance.now() - connecting) / 1000).toFixed(1);
    // Every watcher follows: a first bid reaches them all (and warms the path).
    await sleep(1000);
    const probe = await bid();
    await drain(w, probe.id);
    const following = learnt(w, probe.id).filter((t) => t !== undefined).length;

    // Phase A: the price list alone.
    await sleep(1000);
    w.prices = { frames: 0, seen: 0, delays: [] };
    await sleep(seconds * 1000);
    const baseline = { ...w.prices, perSecond: w.prices.frames / seconds };

    // Phase B: a bid every BID_MS, the prices going on.
    w.prices = { frames: 0, seen: 0, delays: [] };
    const started = performance.now();
    const placed: { id: number; at: number }[] = [];
    while (performance.now() - started < seconds * 1000) {
      // At a random point of the hub's 250 ms send cycle, once per BID_MS.
      const next = started + (placed.length + 1) * BID_MS + Math.random() * SEND_MS;
      placed.push(await bid());
      await sleep(Math.max(0, next - performance.now()));
    }
    const phaseS = (performance.now() - started) / 1000;
    const during = { ...w.prices, perSecond: w.prices.frames / phaseS };
    await drain(w, placed.at(-1)?.id ?? 0);

    const all: number[] = [];
    const lastPerBid: number[] = [];
    let missing = 0;
    let direct = 0;
    let twice = 0;
    for (const { id, at } of placed) {
      const times = learnt(w, id);
      const got = times.filter((t): t is number => t !== undefined).map((t) => t - at);
      all.push(...got);
      if (got.length > 0) lastPerBid.push(Math.max(...got));
      missing += times.length - got.length;
      for (const r of w.receipts) {
        const own = r.filter(([b]) => b === id).length;
        direct += Math.min(own, 1);
        twice += Math.max(0, own - 1);
      }
    }
    const deliveries = sorted(all);
    const lasts = sorted(lastPerBid);
    const priceA = sorted(baseline.delays);
    const priceB = sorted(during.delays);
    const ms = (x: number) => x.toFixed(0).padStart(6);

    console.info(
      `${watchers} sockets on /message (PGlite server in a child process; connected and subscribed in ${connectS} s; ${following} received the probe bid)`,
    );
    console.info(
      `prices: ${INSTRUMENTS.length} instruments ticking every ${TICK_MS} ms, frames every 250 ms; bids: one every ${BID_MS} ms (at a random point of the 250 ms send cycle) over HTTP, ${seconds} s per phase\n`,
    );
    console.info('                                          frames/s   p50 ms   p99 ms');
    console.info(
      `market.prices alone (baseline)            ${String(Math.round(baseline.perSecond)).padStart(8)}   ${ms(percentile(priceA, 50))}   ${ms(percentile(priceA, 99))}   (tick to client)`,
    );
    console.info(
      `market.prices during the bids             ${String(Math.round(during.perSecond)).padStart(8)}   ${ms(percentile(priceB, 50))}   ${ms(percentile(priceB, 99))}`,
    );
    console.info(
      `nfts.sale: a bid to each watcher          ${String(Math.round(direct / phaseS)).padStart(8)}   ${ms(percentile(deliveries, 50))}   ${ms(percentile(deliveries, 99))}   (bid's timestamp to client)`,
    );
    console.info(
      `nfts.sale: a bid to its last watcher      ${''.padStart(8)}   ${ms(percentile(lasts, 50))}   ${ms(percentile(lasts, 99))}   (per bid)`,
    );
    console.info(
      `\nbids ${placed.length}; (bid, watcher) pairs learnt ${deliveries.length} of ${placed.length * watchers}, ${direct} by the bid's own frame, ${deliveries.length - direct} by a later bid's (latest state per sale); never ${missing} (must be 0); a frame twice ${twice}; other frames ${w.other}`,
    );
    for (const s of w.sockets) s.terminate();
  } finally {
    await stop(app.child);
  }
}

await main();
