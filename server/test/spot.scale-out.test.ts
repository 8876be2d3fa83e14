import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminQuery,
  databaseUrl,
  nodeCall,
  sessionUser,
  startNode,
  stopNodes,
} from './helpers/nodes.ts';
import { spotViolations, waitingLevels } from './helpers/spot.ts';
import { usePostgres } from './helpers/test-server.ts';

/**
 * Two server processes on one PostgreSQL database and the local Redis. People stream orders
 * through both nodes (the follower forwards them to the leader over the bus); the leader is
 * killed (SIGKILL) in the middle of the stream and the other node takes the books over,
 * rebuilding them from the open orders. Every client retries an unanswered order with the same
 * key. Then the killed node is started again on the same database. Afterwards: every
 * acknowledged order is stored, no fill is lost or repeated (each moved money once, each
 * order's filled quantity is its fills), holds equal the waiting orders, money sums to zero,
 * and both nodes show the book the waiting orders make. Runs in the PostgreSQL pass.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This suite's own channels: other suites on the same Redis run at the same time. */
const REDIS_PREFIX = `test-${Math.random().toString(36).slice(2, 10)}:`;
const dbName = `kestrel_spot_scale_${process.pid}`;
const ORDER = '/swx/customer/order';
const CLIENTS = 8;
const ORDERS_EACH = 14;
const children: ChildProcess[] = [];
let dataDir = '';
let db: pg.Client;

type Node = { base: string; child: ChildProcess; port: number };

async function startNodeHere(port: number): Promise<Node> {
  const node = await startNode(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL,
    REDIS_PREFIX,
    MARKET_FEED: 'off',
    DEV_FEED_ROUTE: 'true',
    RATE_LIMIT_MAX: '100000',
    SPOT_QUOTE_MS: '500',
  });
  children.push(node.child);
  return { ...node, port };
}

function person(i: number): Promise<{ id: number; token: string }> {
  return sessionUser(db, `spotscale${process.pid % 1000}t${i}`, `SS${process.pid % 1000}T${i}`);
}

const call = nodeCall;

describe.skipIf(!usePostgres)('spot on two nodes, the leader killed mid-stream', () => {
  let a: Node;
  let b: Node;
  let feeding = true;
  let feeder: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kestrel-spot-scale-'));
    await adminQuery(`drop database if exists ${dbName}`);
    await adminQuery(`create database ${dbName}`);
    a = await startNodeHere(4620 + (process.pid % 40));
    b = await startNodeHere(4670 + (process.pid % 40));
    db = new pg.Client({ connectionString: databaseUrl(dbName) });
    await db.connect();
    // The feed: the same price on both nodes every 200 ms, so the maker quotes around it.
    feeder = (async () => {
      while (feeding) {
        for (const node of [a, b]) {
          await call(node.base, 'POST', '/dev/ticks', { code: 'BTCUSDT', price: '60000.00' }).catch(
            () => undefined,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
  }, 90_000);

  afterAll(async () => {
    feeding = false;
    await feeder;
    await db?.end();
    await stopNodes(children);
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses and repeats no fill, and rebuilds the book the open orders make', async () => {
    const people = [];
    for (let i = 0; i < CLIENTS; i++) people.push(await person(i));
    // Wait for the maker's first quotes (the leader funds and quotes it).
    for (let i = 0; i < 80; i++) {
      const book = await call(a.base, 'GET', `${ORDER}/getSpotBook/BTCUSDT`);
      if ((book.result as { asks: unknown[] }).asks.length > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // Each person buys some BTC from the maker first (the demo grant pays), to sell later.
    for (const p of people) {
      const bought = await call(
        a.base,
        'POST',
        `${ORDER}/submit`,
        {
          key: randomBytes(12).toString('hex'),
          code: 'BTCUSDT',
          side: 'buy',
          type: 'market',
          qty: '0.01',
        },
        p.token,
      );
      expect(bought.code).toBe(200);
    }

    const acked = new Map<number, string>();
    let killed = false;
    let sent = 0;
    const stream = people.map(async ({ token }, i) => {
      for (let r = 0; r < ORDERS_EACH; r++) {
        const body = {
          key: randomBytes(12).toString('hex'),
          code: 'BTCUSDT',
          side: (i + r) % 2 === 0 ? 'buy' : 'sell',
          type: 'limit',
          price: String(59_995 + ((i * 7 + r * 3) % 11)),
          qty: '0.0005',
        };
        // Until the order has a definite answer: the same key against whichever node lives.
        for (let attempt = 0; attempt < 120; attempt++) {
          const node = killed || (i + r + attempt) % 2 === 1 ? b : a;
          const res = await call(node.base, 'POST', `${ORDER}/submit`, body, token).catch(
            () => undefined,
          );
          if (res !== undefined && res.code !== 10153 && res.code !== 10030) {
            expect([200, 10092]).toContain(res.code);
            if (res.code === 200) {
              const o = res.result as { id: number; filled: string };
              acked.set(o.id, o.filled);
            }
            break;
          }
          await new Promise((r2) => setTimeout(r2, 250));
        }
        sent += 1;
      }
    });
    // Kill the leader once part of the stream is through.
    while (sent < (CLIENTS * ORDERS_EACH) / 3) await new Promise((r) => setTimeout(r, 20));
    a.child.kill('SIGKILL');
    killed = true;
    await once(a.child, 'exit');
    await Promise.all(stream);
    expect(acked.size).toBeGreaterThan(CLIENTS * ORDERS_EACH * 0.8);

    // The killed node comes back on the same database (it follows now).
    a = await startNodeHere(a.port);
    const query = async <T extends object>(sql: string, params?: unknown[]) =>
      (await db.query(sql, params)).rows as T[];
    // Quiet the maker: stop the feed, so its quotes stop moving while we compare.
    feeding = false;
    await feeder;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
    const { rows } = await db.query<{ id: string; filled: string }>(
      'select id::text, filled::text from spot_orders',
    );
    const stored = new Map(rows.map((r) => [Number(r.id), Number(r.filled)]));
    for (const [id, filled] of acked) {
      expect(stored.has(id)).toBe(true);
      expect(stored.get(id) ?? 0).toBeGreaterThanOrEqual(Number(filled));
    }
    // Both nodes show the book the waiting orders make (the top levels the answer carries).
    const expected = await waitingLevels(query, 'demo', 'BTCUSDT');
    for (const node of [b, a]) {
      let shown: string[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await call(node.base, 'GET', `${ORDER}/getSpotBook/BTCUSDT`);
        const book = res.result as {
          bids: { price: string; qty: string }[];
          asks: { price: string; qty: string }[];
        };
        shown = [
          ...book.bids.map((l) => `buy ${Number(l.price)} ${Number(l.qty)}`),
          ...book.asks.map((l) => `sell ${Number(l.price)} ${Number(l.qty)}`),
        ].sort();
        if (shown.length > 0 && shown.every((l) => expected.includes(l))) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(shown.length).toBeGreaterThan(0);
      for (const level of shown) expect(expected).toContain(level);
    }
    // And the restarted node, once it leads (the other killed too), rebuilds the same book.
    b.child.kill('SIGKILL');
    await once(b.child, 'exit');
    let rebuilt = false;
    for (let i = 0; i < 80 && !rebuilt; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const placed = await call(
        a.base,
        'POST',
        `${ORDER}/submit`,
        {
          key: randomBytes(12).toString('hex'),
          code: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          price: '50000',
          qty: '0.0001',
        },
        people[0]?.token,
      ).catch(() => undefined);
      rebuilt = placed?.code === 200;
    }
    expect(rebuilt).toBe(true);
    expect(await spotViolations(query, { holdsOnlySpot: true })).toEqual([]);
    const res = await call(a.base, 'GET', `${ORDER}/getSpotBook/BTCUSDT`);
    const after = res.result as { asks: { price: string; qty: string }[] };
    const asks = after.asks.map((l) => `sell ${Number(l.price)} ${Number(l.qty)}`);
    const stillWaiting = await waitingLevels(query, 'demo', 'BTCUSDT');
    for (const level of asks) expect(stillWaiting).toContain(level);
  }, 180_000);
});
