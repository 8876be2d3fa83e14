import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Notification } from '../../contract/notifications/schemas.ts';
import { authFrame, type UserEvent } from '../../contract/user-channel.ts';
import { accountEventOf } from './helpers/live.ts';
import { onCommit } from '../src/platform/db/database.ts';
import {
  ADMIN,
  fundReal,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  USER,
} from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The notification centre: notices written with the change they tell of, read only by their
 * owner, pushed live to the owner's sockets alone, switched off per kind except the
 * money-critical ones, and caught up after an id.
 */
const ORDER = '/swx/customer/order';
let server: TestServer;
let port: number;
let btcId: number;
let ts = Date.now() - 60_000;

const tick = (price: string) => {
  ts += 100;
  server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  return server.modules.trading.engine.idle();
};

type List = { list: Notification[]; total: number; unread: number };
const list = async (token: string, query = '') =>
  (await server.call('GET', `${USER}/listNotification${query}`, { token })).result as List;
const unread = async (token: string) =>
  (await server.call('GET', `${USER}/unreadNotification`, { token })).result as {
    unread: number;
    lastId: number;
  };

/** A socket signed in as `token`, and the user events it receives. */
async function socketOf(token: string): Promise<{ ws: WebSocket; events: UserEvent[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/message`);
  const events: UserEvent[] = [];
  let signedIn: (() => void) | undefined;
  ws.on('message', (data: Buffer) => {
    const value: unknown = JSON.parse(data.toString());
    const event = accountEventOf(data);
    if (event !== undefined) events.push(event);
    if (authFrame.safeParse(value).success) signedIn?.();
  });
  await once(ws, 'open');
  await new Promise<void>((resolve) => {
    signedIn = resolve;
    ws.send(JSON.stringify({ op: 'auth', token }));
  });
  return { ws, events };
}

/** A round trip through the socket: what the server sent before it has arrived. */
async function settled(ws: WebSocket): Promise<void> {
  ws.ping();
  await once(ws, 'pong');
}

/** Opens a long with a take profit, then moves the price through it. */
async function closedByTakeProfit(token: string): Promise<number> {
  await tick('60000.00');
  const opened = await server.call('POST', `${ORDER}/buyU`, {
    token,
    body: {
      key: requestKey(),
      instrumentId: btcId,
      type: 'market',
      side: 'long',
      lots: '0.01',
      leverage: 10,
      stopLoss: '57000',
      takeProfit: '61000',
    },
  });
  expect(opened.code).toBe(200);
  await tick('61010.00');
  return (opened.result as { id: number }).id;
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
});
afterAll(async () => {
  await server.close();
});

describe('notification centre', () => {
  it('a take-profit close is told to its owner, live and in the list, and to no one else', async () => {
    const owner = await quickUser(server);
    const other = await quickUser(server);
    const mine = await socketOf(owner.token);
    const theirs = await socketOf(other.token);

    const orderId = await closedByTakeProfit(owner.token);
    const order = (
      await server.call('GET', `${ORDER}/getUOrderById/${orderId}`, { token: owner.token })
    ).result as { profit: string };
    await settled(mine.ws);
    await settled(theirs.ws);

    const { list: notices, unread: count } = await list(owner.token);
    expect(count).toBe(1);
    expect(notices).toHaveLength(1);
    const [first] = notices;
    expect(first?.notice).toMatchObject({
      kind: 'trading.position-closed',
      reason: 'take_profit',
      orderId,
      code: 'BTCUSDT',
      side: 'long',
    });
    // The figure is the ledger's, the same the order shows.
    expect(Number((first?.notice as { profit: string }).profit)).toBe(Number(order.profit));
    expect(mine.events.filter((e) => e.topic === 'notifications').map((e) => e.id)).toEqual([
      String(first?.id),
    ]);
    expect(theirs.events.filter((e) => e.topic === 'notifications')).toEqual([]);
    expect((await list(other.token)).total).toBe(0);
    mine.ws.close();
    theirs.ws.close();
  });

  it("another person's notice is never read or marked; one's own are, by id or all at once", async () => {
    const owner = await quickUser(server);
    const other = await quickUser(server);
    await closedByTakeProfit(owner.token);
    await closedByTakeProfit(owner.token);
    const [newest, older] = (await list(owner.token)).list;
    expect(newest && older).toBeTruthy();

    const theirs = await server.call('POST', `${USER}/readNotification`, {
      token: other.token,
      body: { ids: [newest?.id, older?.id] },
    });
    expect(theirs).toMatchObject({ code: 200, result: { marked: 0 } });
    const allOfTheirs = await server.call('POST', `${USER}/readNotification`, {
      token: other.token,
      body: { upTo: Number.MAX_SAFE_INTEGER },
    });
    expect(allOfTheirs.result).toEqual({ marked: 0 });
    expect((await unread(owner.token)).unread).toBe(2);

    const one = await server.call('POST', `${USER}/readNotification`, {
      token: owner.token,
      body: { ids: [older?.id] },
    });
    expect(one.result).toEqual({ marked: 1 });
    expect(await unread(owner.token)).toEqual({ unread: 1, lastId: newest?.id });
    const all = await server.call('POST', `${USER}/readNotification`, {
      token: owner.token,
      body: { upTo: newest?.id },
    });
    expect(all.result).toEqual({ marked: 1 });
    expect((await unread(owner.token)).unread).toBe(0);
  });

  it('a client that reconnects asks for what came after its last id', async () => {
    const owner = await quickUser(server);
    await closedByTakeProfit(owner.token);
    const { lastId } = await unread(owner.token);
    await closedByTakeProfit(owner.token);
    const after = await list(owner.token, `?after=${lastId}`);
    expect(after.total).toBe(1);
    expect(after.list[0]?.id).toBeGreaterThan(lastId);
  });

  it('a kind switched off is not written; a money-critical kind cannot be switched off', async () => {
    const owner = await quickUser(server);
    const off = await server.call('POST', `${USER}/setNoticeSetting`, {
      token: owner.token,
      body: { kind: 'trading.position-closed', enabled: false },
    });
    expect(off.code).toBe(200);
    await closedByTakeProfit(owner.token);
    expect((await list(owner.token)).total).toBe(0);

    const refused = await server.call('POST', `${USER}/setNoticeSetting`, {
      token: owner.token,
      body: { kind: 'trading.liquidated', enabled: false },
    });
    expect(refused.code).toBe(10190);
    const settings = (
      await server.call('GET', `${USER}/listNoticeSettings`, { token: owner.token })
    ).result as { list: { kind: string; enabled: boolean; mandatory: boolean }[] };
    expect(settings.list.find((s) => s.kind === 'trading.liquidated')).toEqual({
      kind: 'trading.liquidated',
      enabled: true,
      mandatory: true,
    });
    expect(settings.list.find((s) => s.kind === 'trading.position-closed')?.enabled).toBe(false);
  });

  it('staff decisions on deposits and withdrawals are told, with the reason', async () => {
    const person = await quickUser(server);
    const { token: staff } = await staffSession(server, 'reviewer');
    await fundReal(server, person.token, staff, '500');
    const withdrawal = await server.call('POST', `${USER}/withdrawal`, {
      token: person.token,
      headers: REAL,
      body: {
        method: 'bank',
        key: requestKey(),
        asset: 'USDT',
        amount: '50',
        bankName: 'Commerzbank',
        bankAddress: 'Kaiserplatz, Frankfurt am Main',
        accountName: 'Ada Lovelace',
        iban: 'DE89 3704 0044 0532 0130 00',
      },
    });
    expect(withdrawal.code).toBe(200);
    const withdrawalId = (withdrawal.result as { id: number }).id;
    const rejected = await server.call('POST', `${ADMIN}/reviewWithdrawal`, {
      token: staff,
      body: { id: withdrawalId, decision: 'reject', reason: '<b>name</b> does not match' },
    });
    expect(rejected.code).toBe(200);
    const notices = (await list(person.token)).list.map((n) => n.notice);
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'funds.deposit-decided', approved: true }),
    );
    expect(notices).toContainEqual({
      kind: 'funds.withdrawal-decided',
      withdrawalId,
      approved: false,
      amount: '50',
      asset: 'USDT',
      reasonCode: 'other',
      reason: '<b>name</b> does not match',
    });
  });

  it('hostile input gets a clear code and changes nothing', async () => {
    const owner = await quickUser(server);
    await closedByTakeProfit(owner.token);
    const bad = [
      ['GET', `${USER}/listNotification?size=1000`, undefined],
      ['GET', `${USER}/listNotification?after=1e1`, undefined],
      ['GET', `${USER}/listNotification?page=-1`, undefined],
      ['POST', `${USER}/readNotification`, { ids: [] }],
      ['POST', `${USER}/readNotification`, { ids: ['1.5', -1] }],
      ['POST', `${USER}/readNotification`, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['POST', `${USER}/readNotification`, { upTo: '0x10' }],
      ['POST', `${USER}/setNoticeSetting`, { kind: 'funds.everything', enabled: false }],
      ['POST', `${USER}/setNoticeSetting`, { kind: 'trading.position-closed', enabled: 'no' }],
    ] as const;
    for (const [method, url, body] of bad) {
      const res = await server.call(method, url, { token: owner.token, body });
      expect(res.code, url).not.toBe(200);
      expect(res.status, url).toBeLessThan(500);
    }
    expect((await unread(owner.token)).unread).toBe(1);
    const anonymous = await server.call('GET', `${USER}/listNotification`);
    expect(anonymous.code).toBe(401);
  });

  it('a push is sent only once its transaction commits, never for one that rolled back', async () => {
    const pushed: string[] = [];
    await server.db.transaction(async (tx) => {
      onCommit(tx, () => pushed.push('kept'));
    });
    await expect(
      server.db.transaction(async (tx) => {
        onCommit(tx, () => pushed.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(pushed).toEqual(['kept']);
  });
});
