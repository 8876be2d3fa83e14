/**
 * Notices to 5,000 connected people on one node: each of BENCH_CLIENTS websocket clients on
 * /message is signed in as a different person (`{"op":"auth","token"}`). Baseline, in the same
 * run on the same sockets: the price list the market simulator fans out to all of them for
 * BENCH_SECONDS (frames delivered per second, p99 from tick to client, as message-fanout.ts).
 * Then one notice per person raised through the kernel (`Notices.raise` inside
 * `db.transaction`, BENCH_CONCURRENCY transactions at a time), pushed after commit over the bus
 * the hub listens to: notices delivered per second (first commit to last delivery), p99 from
 * commit to client (the commit instant is read by an onCommit hook registered before the
 * notice's own, so it is taken as COMMIT returns, before the push), and how many were never
 * delivered or reached another person's socket (both must be 0). The clients run on a thread
 * of their own, so they do not share the server's event loop.
 *
 *   npx tsx bench/notification-fanout.ts     (BENCH_CLIENTS=5000, BENCH_SECONDS=10,
 *     BENCH_CONCURRENCY=16 transactions at a time, BENCH_BATCH=1 notice per transaction;
 *     BENCH_DATABASE=postgres for a fresh PostgreSQL database, BENCH_POSTGRES_URL)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Notice } from '../contract/notifications/schemas.ts';
import { INSTRUMENTS } from '../server/src/market/instruments.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { onCommit } from '../server/src/platform/db/database.ts';
import { Notices } from '../server/src/platform/notifications/notices.ts';
import { newToken, sha256 } from '../server/src/platform/security/tokens.ts';
import { createServer, type Server } from '../server/src/server.ts';
import { startPostgresServer } from './support/postgres-server.ts';

const clients = Number(process.env.BENCH_CLIENTS ?? 5000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Notices raised per transaction (1: one change, one notice, as the capabilities raise them). */
const batch = Number(process.env.BENCH_BATCH ?? 1);
const onPostgres = process.env.BENCH_DATABASE === 'postgres';
const TICK_MS = 100;
/** After the last commit, how long deliveries may stall before the rest count as missing. */
const STALL_MS = 10_000;

/** Wall-clock ms with sub-ms precision, comparable across threads. */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * The clients' thread (plain JavaScript, so it needs no loader). Price frames (bare arrays)
 * are counted, one in 25 parsed for its delay; every `account.events` frame is kept with the
 * client it reached and when. Answers one command at a time.
 */
const CLIENTS_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const { url, tokens } = workerData;
const SAMPLE_EVERY = 25;
const wallNow = () => performance.timeOrigin + performance.now();
const sockets = [];
let prices = { frames: 0, seen: 0, delays: [] };
const notices = [];
let unexpected = 0;
function open(i) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('message', (raw) => {
      if (raw[0] === 0x5b) {
        prices.frames += 1;
        prices.seen += 1;
        if (prices.seen % SAMPLE_EVERY !== 0) return;
        let newest = 0;
        for (const u of JSON.parse(raw.toString())) if (u.ts > newest) newest = u.ts;
        prices.delays.push(Date.now() - newest);
        return;
      }
      const at = wallNow();
      const f = JSON.parse(raw.toString());
      if (f.type === 'auth') {
        if (f.signedIn === true) resolve();
        else reject(new Error('client ' + i + ' was not signed in'));
      } else if (f.type === 'live' && f.topic === 'account.events' && f.key === 'me' &&
          f.data && f.data.topic === 'notifications') {
        notices.push([i, f.data.id, at]);
      } else unexpected += 1;
    });
    ws.once('open', () => ws.send(JSON.stringify({ op: 'auth', token: tokens[i] })));
    ws.once('error', reject);
  });
}
parentPort.on('message', async (cmd) => {
  if (cmd === 'connect') {
    for (let i = 0; i < tokens.length; i += 100) {
      const batch = [];
      for (let j = i; j < Math.min(i + 100, tokens.length); j++) batch.push(open(j));
      await Promise.all(batch);
    }
    parentPort.postMessage({ connected: sockets.length });
  } else if (cmd === 'reset') {
    prices = { frames: 0, seen: 0, delays: [] };
    parentPort.postMessage({});
  } else if (cmd === 'prices') {
    const sorted = prices.delays.sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    parentPort.postMessage({ frames: prices.frames, p99 });
  } else if (cmd === 'count') {
    parentPort.postMessage({ count: notices.length });
  } else if (cmd === 'notices') {
    parentPort.postMessage({ notices, unexpected });
  } else if (cmd === 'close') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage({});
  }
});
`;

type Reply = {
  connected: number;
  frames: number;
  p99: number;
  count: number;
  /** [client index, notice id, received at (wall ms)] */
  notices: [number, string, number][];
  unexpected: number;
};

function clientsThread(url: string, tokens: string[]) {
  const worker = new Worker(CLIENTS_THREAD, { eval: true, workerData: { url, tokens } });
  let failed: Error | undefined;
  worker.on('error', (err) => (failed = err));
  const ask = (cmd: string) =>
    new Promise<Reply>((resolve, reject) => {
      if (failed !== undefined) return reject(failed);
      const onError = (err: Error) => reject(err);
      worker.once('error', onError);
      worker.once('message', (reply: Reply) => {
        worker.off('error', onError);
        resolve(reply);
      });
      worker.postMessage(cmd);
    });
  return { ask, terminate: () => worker.terminate() };
}

interface Node {
  server: Server;
  port: number;
  label: string;
  finish(): Promise<void>;
}

const SERVER_ENV = {
  MARKET_FEED: 'simulator',
  MARKET_TICK_MS: String(TICK_MS),
  MARKET_BACKFILL_DAYS: '1',
  // Every bench client connects from 127.0.0.1.
  MESSAGE_MAX_PER_IP: '20000',
  SPOT_QUOTE_MS: '0',
};

async function startNode(): Promise<Node> {
  if (onPostgres) {
    const bench = await startPostgresServer('notices', SERVER_ENV);
    return {
      server: bench.server,
      port: Number(new URL(bench.base).port),
      label: 'PostgreSQL',
      finish: () => bench.finish(),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-bench-'));
  const server = await createServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      PGLITE_STORAGE: 'memory',
      LOG_LEVEL: 'silent',
      APP_DIST: '',
      RATE_LIMIT_MAX: '1000000',
      ...SERVER_ENV,
    }),
  );
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  return {
    server,
    port: typeof address === 'object' && address !== null ? address.port : 0,
    label: 'PGlite (in memory)',
    async finish() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` people with a live session each, in two statements. */
async function people(server: Server, count: number): Promise<{ id: number; token: string }[]> {
  const tag = `nf${process.pid}`;
  const rows = await server.db.query<{ id: number }>(
    `insert into users (username, email, password_hash, invite_code)
     select $1 || 'u' || g, $1 || 'u' || g || '@example.test', 'not-a-hash', upper($1) || 'X' || g
       from generate_series(1, $2::int) g
     returning id`,
    [tag, count],
  );
  const list = rows.map((r) => ({ id: Number(r.id), token: newToken() }));
  await server.db.query(
    `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
     select u, h, now() + interval '1 day', '127.0.0.1', 'bench'
       from unnest($1::bigint[], $2::text[]) as t(u, h)`,
    [list.map((p) => p.id), list.map((p) => sha256(p.token))],
  );
  return list;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const node = await startNode();
  const { server } = node;
  // Client i signs in as person i.
  const persons = await people(server, clients);
  const ids = persons.map((p) => p.id);
  const thread = clientsThread(
    `ws://127.0.0.1:${node.port}/message`,
    persons.map((p) => p.token),
  );
  try {
    const connecting = performance.now();
    const { connected } = await thread.ask('connect');
    const connectS = ((performance.now() - connecting) / 1000).toFixed(1);

    // Phase A: the price list to every socket.
    await sleep(1000);
    await thread.ask('reset');
    await sleep(seconds * 1000);
    const base = await thread.ask('prices');

    // Phase B: one notice per person, through the kernel, in transactions.
    const notices = new Notices(server.channels);
    const committed = new Map<number, number>();
    await thread.ask('reset');
    const started = wallNow();
    let next = 0;
    const lane = async () => {
      while (next < ids.length) {
        const some = ids.slice(next, next + batch);
        next += some.length;
        await server.db.transaction(async (tx) => {
          // Registered before the notices' own pushes, so it runs first once COMMIT returned.
          onCommit(tx, () => {
            const at = wallNow();
            for (const userId of some) committed.set(userId, at);
          });
          for (const userId of some) {
            const notice: Notice = {
              kind: 'trading.order-opened',
              book: 'demo',
              orderId: userId,
              code: 'BTCUSDT',
              side: 'long',
            };
            await notices.raise(tx, userId, notice);
          }
        });
        if (notices.dropped > 0) throw new Error('the notice broke its schema');
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    const raisedMs = wallNow() - started;
    let count = 0;
    let progressAt = performance.now();
    while (count < ids.length && performance.now() - progressAt < STALL_MS) {
      await sleep(50);
      const now = (await thread.ask('count')).count;
      if (now > count) progressAt = performance.now();
      count = now;
    }
    const during = await thread.ask('prices');
    const phaseS = (wallNow() - started) / 1000;
    const { notices: received, unexpected } = await thread.ask('notices');

    const owners = new Map(
      (
        await server.db.query<{ id: number; user_id: number }>(
          `select id, user_id from notifications where kind = 'trading.order-opened'`,
        )
      ).map((r) => [String(r.id), Number(r.user_id)]),
    );
    const delivered = new Set<number>();
    const delays: number[] = [];
    let wrong = 0;
    let twice = 0;
    let last = 0;
    for (const [client, noticeId, at] of received) {
      const owner = owners.get(noticeId);
      if (owner === undefined || owner !== ids[client]) {
        wrong += 1;
        continue;
      }
      if (delivered.has(owner)) twice += 1;
      delivered.add(owner);
      delays.push(at - (committed.get(owner) ?? at));
      last = Math.max(last, at);
    }
    const missing = ids.length - delivered.size;
    const firstCommit = Math.min(...committed.values());
    const noticesPerSecond = Math.round(delivered.size / ((last - firstCommit) / 1000));
    delays.sort((a, b) => a - b);

    console.info(
      `${node.label}; ${connected} sockets, each signed in as a different person (connected and signed in in ${connectS} s)`,
    );
    console.info(
      `baseline: price list, ${INSTRUMENTS.length} instruments ticking every ${TICK_MS} ms, frames every 250 ms, ${seconds} s`,
    );
    console.info(
      `notices: ${ids.length} (one per person), Notices.raise in db.transaction, ${batch} per transaction, ${concurrency} transactions at a time; all committed in ${(raisedMs / 1000).toFixed(1)} s (${Math.round((ids.length / raisedMs) * 1000)} notices committed/s)\n`,
    );
    console.info('                         delivered/s     p99 ms   missing   wrong socket');
    console.info(
      `price frames (baseline)  ${String(Math.round(base.frames / seconds)).padStart(11)}  ${base.p99.toFixed(1).padStart(9)}         -              -   (tick to client)`,
    );
    console.info(
      `notices                  ${String(noticesPerSecond).padStart(11)}  ${percentile(delays, 99).toFixed(1).padStart(9)}  ${String(missing).padStart(8)}  ${String(wrong).padStart(13)}   (commit to client; p50 ${percentile(delays, 50).toFixed(1)} ms)`,
    );
    console.info(
      `\nprice frames during the notices phase (${phaseS.toFixed(1)} s): ${Math.round(during.frames / phaseS)}/s, p99 ${during.p99.toFixed(1)} ms; notices delivered twice ${twice}; other frames ${unexpected}`,
    );
    await thread.ask('close');
  } finally {
    await thread.terminate();
    await node.finish();
  }
}

await main();
