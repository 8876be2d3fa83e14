import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { accountEventOf, liveOf } from './helpers/live.ts';
import { adminQuery, databaseUrl, nodeCall, sessionUser, startNode } from './helpers/nodes.ts';
import { usePostgres } from './helpers/test-server.ts';

/**
 * Two server processes on one PostgreSQL database and the local Redis: the elected one runs
 * the feed, and a websocket client on the other receives its ticks. Runs in the PostgreSQL
 * pass (TEST_DATABASE=postgres), with Redis at TEST_REDIS_URL or redis://127.0.0.1:6379.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** This suite's own channels: other suites on the same Redis run at the same time. */
const REDIS_PREFIX = `test-${Math.random().toString(36).slice(2, 10)}:`;
const dbName = `kestrel_scale_${process.pid}`;
const children: ChildProcess[] = [];
let dataDir = '';

async function startNodeHere(port: number): Promise<string> {
  const { base, child } = await startNode(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL,
    REDIS_PREFIX,
    MARKET_BACKFILL_DAYS: '2',
    MARKET_TICK_MS: '200',
    // The notice test moves the price past a stop itself rather than wait on the simulator.
    DEV_FEED_ROUTE: 'true',
  });
  children.push(child);
  return base;
}

describe.skipIf(!usePostgres)('two nodes on PostgreSQL and Redis', () => {
  let leader = '';
  let follower = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kestrel-scale-'));
    await adminQuery(`drop database if exists ${dbName}`);
    await adminQuery(`create database ${dbName}`);
    leader = await startNodeHere(4400 + (process.pid % 50));
    follower = await startNodeHere(4460 + (process.pid % 50));
  }, 90_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a client of the follower receives the ticks the leader makes', async () => {
    const ws = new WebSocket(`${follower.replace('http', 'ws')}/message`);
    const frames: { code: string; price: string }[][] = [];
    ws.on('message', (raw: Buffer) =>
      frames.push(JSON.parse(raw.toString()) as { code: string; price: string }[]),
    );
    for (let i = 0; i < 40 && frames.length < 3; i++) await new Promise((r) => setTimeout(r, 250));
    ws.close();
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.flat().some((u) => u.code === 'BTCUSDT')).toBe(true);
  });

  it('both nodes list the same live price, recorded once', async () => {
    const btc = async (base: string) => {
      const res = await fetch(`${base}/swx/customer/index/listMarketByType?type=2&search=BTCUSDT`);
      const body = (await res.json()) as { result: { list: { price: string }[] } };
      return body.result.list[0]?.price;
    };
    let same = false;
    for (let i = 0; i < 20 && !same; i++) {
      same = (await btc(leader)) === (await btc(follower));
      if (!same) await new Promise((r) => setTimeout(r, 100));
    }
    expect(same).toBe(true);
    const c = new pg.Client({ connectionString: databaseUrl(dbName) });
    await c.connect();
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from (select instrument_id, ts from market_ticks
         where source = 'simulator' group by instrument_id, ts having count(*) > 1) d`,
    );
    await c.end();
    expect(rows[0]?.n).toBe(0);
  });

  it("a notice raised by the leader's engine reaches the person's socket on the other node", async () => {
    const db = new pg.Client({ connectionString: databaseUrl(dbName) });
    await db.connect();
    const person = await sessionUser(db, `notice${process.pid}`, `N${process.pid}X`);
    const { rows } = await db.query<{ id: number }>(
      `select id from instruments where code = 'BTCUSDT'`,
    );
    const btc = Number(rows[0]?.id);
    await db.end();
    const ws = new WebSocket(`${follower.replace('http', 'ws')}/message`);
    const pushed: string[] = [];
    ws.on('message', (raw: Buffer) => {
      const event = accountEventOf(raw);
      if (event?.topic === 'notifications') pushed.push(event.id);
    });
    await once(ws, 'open');
    ws.send(JSON.stringify({ op: 'auth', token: person.token }));
    // A long with its stops a step either side of the price: the simulator's next moves close
    // it on the leader, whichever way they go.
    const info = (await nodeCall(follower, 'GET', `/swx/customer/order/getTradingInfo/${btc}`))
      .result as { bid: string; ask: string };
    const step = Number(info.ask) * 0.0005;
    const opened = await nodeCall(
      follower,
      'POST',
      '/swx/customer/order/buyU',
      {
        key: randomUUID(),
        instrumentId: btc,
        type: 'market',
        side: 'long',
        lots: '0.01',
        leverage: 10,
        stopLoss: (Number(info.bid) - step).toFixed(2),
        takeProfit: (Number(info.ask) + step).toFixed(2),
      },
      person.token,
    );
    expect(opened.code).toBe(200);
    // Past the take profit, on the leader: its engine closes the position whatever the
    // simulator does meanwhile (on a loaded machine it may not move a step in 30 s).
    const past = (Number(info.ask) + 3 * step).toFixed(2);
    const ticked = await nodeCall(leader, 'POST', '/dev/ticks', { code: 'BTCUSDT', price: past });
    expect(ticked.code).toBe(200);
    for (let i = 0; i < 120 && pushed.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
    }
    ws.close();
    expect(pushed).toHaveLength(1);
    const listed = await nodeCall(
      follower,
      'GET',
      '/swx/customer/user/listNotification',
      undefined,
      person.token,
    );
    const list = (listed.result as { list: { id: number; notice: { kind: string } }[] }).list;
    expect(list.map((n) => [String(n.id), n.notice.kind])).toEqual([
      [pushed[0], 'trading.position-closed'],
    ]);
  });
  it('a support message sent through one node reaches the other side on the other node, both ways', async () => {
    const db = new pg.Client({ connectionString: databaseUrl(dbName) });
    await db.connect();
    const person = await sessionUser(db, `chat${process.pid}`, `C${process.pid}X`);
    const staffToken = randomBytes(24).toString('hex');
    const { rows } = await db.query<{ id: string }>(
      `insert into staff (username, password_hash, role) values ($1, 'not-a-hash', 'support')
       returning id`,
      [`agent${process.pid}`],
    );
    await db.query(
      `insert into staff_sessions (staff_id, token_hash, expires_at)
       values ($1, $2, now() + interval '1 hour')`,
      [rows[0]?.id, createHash('sha256').update(staffToken).digest('hex')],
    );
    await db.end();
    const online = await nodeCall(
      follower,
      'POST',
      '/swx/admin/support/agent',
      { online: true, capacity: 3 },
      staffToken,
    );
    expect(online.code).toBe(200);
    const started = await nodeCall(
      leader,
      'POST',
      '/swx/customer/support/send',
      { key: randomUUID(), text: 'Hello' },
      person.token,
    );
    const id = (started.result as { conversation: { id: number; status: string } }).conversation;
    expect(id.status).toBe('open');

    // The agent's socket on the follower, the person's on the leader.
    const texts = (ws: WebSocket) => {
      const got: string[] = [];
      ws.on('message', (raw: Buffer) => {
        const f = liveOf(raw);
        const text = (f?.data as { message?: { text: string } } | undefined)?.message?.text;
        if (f?.topic.startsWith('support.') === true && text !== undefined) got.push(text);
      });
      return got;
    };
    const answer = (ws: WebSocket, type: string) =>
      new Promise<void>((resolve) => {
        const on = (raw: Buffer) => {
          if ((JSON.parse(raw.toString()) as { type?: string }).type !== type) return;
          ws.off('message', on);
          resolve();
        };
        ws.on('message', on);
      });
    const agent = new WebSocket(`${follower.replace('http', 'ws')}/message`);
    const toAgent = texts(agent);
    await once(agent, 'open');
    const signedIn = answer(agent, 'staff');
    agent.send(JSON.stringify({ op: 'staff', token: staffToken }));
    await signedIn;
    agent.send(JSON.stringify({ op: 'subscribe', topic: 'support.staff', key: String(id.id) }));
    const personWs = new WebSocket(`${leader.replace('http', 'ws')}/message`);
    const toPerson = texts(personWs);
    await once(personWs, 'open');
    const authed = answer(personWs, 'auth');
    personWs.send(JSON.stringify({ op: 'auth', token: person.token }));
    await authed;
    agent.ping();
    await once(agent, 'pong');

    await nodeCall(
      leader,
      'POST',
      '/swx/customer/support/send',
      { key: randomUUID(), conversationId: id.id, text: 'Through the leader' },
      person.token,
    );
    await nodeCall(
      follower,
      'POST',
      '/swx/admin/support/reply',
      { key: randomUUID(), conversationId: id.id, text: 'Through the follower', internal: false },
      staffToken,
    );
    for (
      let i = 0;
      i < 80 && (toAgent.length === 0 || !toPerson.includes('Through the follower'));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 250));
    }
    agent.close();
    personWs.close();
    expect(toAgent).toContain('Through the leader');
    expect(toPerson).toContain('Through the follower');
  });
});
