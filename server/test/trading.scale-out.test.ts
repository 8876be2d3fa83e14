import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, sessionUser, startNode, stopNodes } from './helpers/nodes.ts';
import { usePostgres } from './helpers/test-server.ts';

/**
 * Two server processes on one PostgreSQL database and the local Redis: people buy options and
 * open contracts through both nodes, the leader is killed (SIGKILL) before expiry, and the
 * other node takes over: it settles every option exactly once, at the last recorded tick at or
 * before its expiry, and closes the positions once the price crosses their take profit.
 * Runs in the PostgreSQL pass.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This suite's own channels: other suites on the same Redis run at the same time. */
const REDIS_PREFIX = `test-${Math.random().toString(36).slice(2, 10)}:`;
const dbName = `kestrel_trading_scale_${process.pid}`;
const children: ChildProcess[] = [];
let dataDir = '';
let db: pg.Client;
const PERIOD = 10;
/** The feed's price in whole USDT: the feeder walks it, the test moves it. */
let price = 60_000;

async function startNodeHere(port: number): Promise<{ base: string; child: ChildProcess }> {
  const node = await startNode(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL,
    REDIS_PREFIX,
    MARKET_FEED: 'off',
    DEV_FEED_ROUTE: 'true',
    RATE_LIMIT_MAX: '100000',
  });
  children.push(node.child);
  return node;
}

async function person(i: number): Promise<string> {
  return (await sessionUser(db, `scale${process.pid % 1000}t${i}`, `S${process.pid % 1000}T${i}`))
    .token;
}

async function post(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; result: unknown };
}

describe.skipIf(!usePostgres)('options on two nodes', () => {
  let a: { base: string; child: ChildProcess };
  let b: { base: string; child: ChildProcess };
  let feeding = true;
  let feeder: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kestrel-trading-scale-'));
    await adminQuery(`drop database if exists ${dbName}`);
    await adminQuery(`create database ${dbName}`);
    a = await startNodeHere(4520 + (process.pid % 40));
    b = await startNodeHere(4570 + (process.pid % 40));
    db = new pg.Client({ connectionString: databaseUrl(dbName) });
    await db.connect();
    await db.query(`update params set value = $1 where key = 'option_periods'`, [
      JSON.stringify([{ seconds: PERIOD, payout: '0.8', min: '10', max: '5000' }]),
    ]);
    // The feed: a tick every 200 ms on both nodes (the leader records its copy).
    feeder = (async () => {
      while (feeding) {
        price += Math.round((Math.random() - 0.5) * 40);
        for (const node of [a, b]) {
          await post(node.base, '/dev/ticks', { code: 'BTCUSDT', price: `${price}.00` }).catch(
            () => undefined,
          );
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    await new Promise((r) => setTimeout(r, 600));
  }, 90_000);

  afterAll(async () => {
    feeding = false;
    await feeder;
    await db?.end();
    await stopNodes(children);
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles every option once and closes positions by take profit after the leader dies', async () => {
    const [row] = (
      await db.query<{ id: number }>(`select id from instruments where code = 'BTCUSDT'`)
    ).rows;
    const bought: number[] = [];
    for (let i = 0; i < 8; i++) {
      const token = await person(i);
      for (const [j, node] of [a, b, a].entries()) {
        const res = await post(
          node.base,
          '/swx/customer/order/buyOptions',
          {
            key: randomBytes(12).toString('hex'),
            instrumentId: row?.id,
            seconds: PERIOD,
            direction: (i + j) % 2 === 0 ? 'up' : 'down',
            amount: '100',
          },
          token,
        );
        expect(res.code).toBe(200);
        bought.push((res.result as { id: number }).id);
      }
    }
    // Positions through both nodes, with a take profit 1,000 above the price.
    const positions: number[] = [];
    for (let i = 0; i < 4; i++) {
      const token = await person(100 + i);
      const res = await post(
        (i % 2 === 0 ? a : b).base,
        '/swx/customer/order/buyU',
        {
          key: randomBytes(12).toString('hex'),
          instrumentId: row?.id,
          type: 'market',
          side: 'long',
          lots: '0.01',
          leverage: 10,
          stopLoss: '55000',
          takeProfit: `${price + 1000}`,
        },
        token,
      );
      expect(res.code).toBe(200);
      positions.push((res.result as { id: number }).id);
    }
    // The first node started leads; kill it the hard way, before any option expires.
    a.child.kill('SIGKILL');
    await once(a.child, 'exit');

    let open = bought.length;
    for (let i = 0; i < 160 && open > 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from option_orders where status = 'open'`,
      );
      open = rows[0]?.n ?? 0;
    }
    expect(open).toBe(0);

    // The survivor leads now (it settled the options): a move past the take profits closes
    // every position once.
    price += 2000;
    let closed = 0;
    for (let i = 0; i < 80 && closed < positions.length; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from contract_orders
          where id = any($1) and status = 'closed' and close_reason = 'take_profit'`,
        [positions],
      );
      closed = rows[0]?.n ?? 0;
    }
    expect(closed).toBe(positions.length);
    const { rows: releases } = await db.query<{ n: number }>(
      `select count(*)::int as n from ledger_batches where idempotency_key like 'contract-end:%:release'`,
    );
    expect(releases[0]?.n).toBe(positions.length);

    const { rows: settled } = await db.query<{
      id: string;
      batches: number;
      settle_ok: boolean;
      recorded_ok: boolean;
    }>(
      `select o.id,
              (select count(*)::int from ledger_batches
                where idempotency_key = 'option-settle:' || o.id || ':stake') as batches,
              o.settle_tick_ts <= o.expires_at as settle_ok,
              o.settle_price = (select t.price from market_ticks t
                                 where t.instrument_id = o.instrument_id and t.ts <= o.expires_at
                                 order by t.ts desc limit 1) as recorded_ok
         from option_orders o`,
    );
    expect(settled).toHaveLength(bought.length);
    for (const s of settled) {
      expect({
        id: s.id,
        batches: s.batches,
        settle: s.settle_ok,
        recorded: s.recorded_ok,
      }).toEqual({ id: s.id, batches: 1, settle: true, recorded: true });
    }
    const { rows: sums } = await db.query<{ total: string }>(
      `select sum(balance)::text as total from ledger_accounts group by asset, book`,
    );
    for (const s of sums) expect(Number(s.total)).toBe(0);
  }, 90_000);
});
