import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invites } from '../../contract/invites/schemas.ts';
import type { Rewards } from '../../contract/rewards/schemas.ts';
import { planProduct, verify } from './helpers/earn.ts';
import { ADMIN, credit, quickUser, REAL, requestKey, staffSession, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Rewards and invites through the API: check-ins once a local day with the streak, paid from
 * the funded pool; tasks counted from real records and claimed once; invite codes, the
 * refusals, and referral rewards from a friend's trading fees, itemised. Every refusal has its
 * code and writes nothing.
 */
const ORDER = '/swx/customer/order';
const DAY = 86_400_000;
let server: TestServer;
let admin: string;
let btcId: number;
let ts = Date.now() - 60_000;

const tick = (price: string) => {
  ts += 100;
  server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  return server.modules.trading.engine.idle();
};

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  admin = (await staffSession(server, 'admin')).token;
  btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
  await tick('60000.00');
  await fundPool('1000');
});
afterAll(async () => {
  await server.close();
});

async function fundPool(amount: string) {
  const res = await server.call('POST', `${ADMIN}/fundRewardsPool`, {
    token: admin,
    body: { key: requestKey(), amount, reason: 'Rewards for the season' },
  });
  expect(res.code).toBe(200);
}
const balance = (userId: number) => server.ledger.balance(userId, 'USDT', 'real', 'available');
const checkIn = (token: string, timeZone = 'Asia/Tokyo') =>
  server.call('POST', `${USER}/qiandao`, { token, body: { timeZone } });
async function rewards(token: string) {
  const res = await server.call('GET', `${USER}/getRewards`, { token });
  expect(res.code).toBe(200);
  return res.result as Rewards;
}
const claim = (token: string, which: 'lingqu2' | 'lingqu3') =>
  server.call('POST', `${USER}/${which}`, { token, body: {} });
const openContract = (token: string) =>
  server.call('POST', `${ORDER}/buyU`, {
    token,
    headers: REAL,
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

describe('invites', () => {
  async function invitesOf(token: string) {
    const res = await server.call('GET', `${USER}/getInvites`, { token });
    expect(res.code).toBe(200);
    return res.result as Invites;
  }
  const bind = (token: string, code: string) =>
    server.call('POST', `${USER}/bindInvite`, { token, body: { code } });

  it('binds a code within the window, refuses self, loops and late codes, and records why', async () => {
    const a = await quickUser(server);
    const b = await quickUser(server);
    const codeA = (await invitesOf(a.token)).code;
    const codeB = (await invitesOf(b.token)).code;
    expect((await bind(a.token, codeA)).code).toBe(10219);
    expect((await bind(b.token, codeA)).code).toBe(200);
    // a was not brought by b, but b was by a: a taking b's code would close a loop.
    expect((await bind(a.token, codeB)).code).toBe(10220);
    expect((await bind(b.token, codeA)).code).toBe(10218);
    expect((await bind(b.token, 'NOSUCH99')).code).toBe(10107);
    const late = await quickUser(server);
    await server.db.query(
      `update users set created_at = created_at - interval '25 hours' where id = $1`,
      [late.id],
    );
    expect((await bind(late.token, codeA)).code).toBe(10218);
    const refusals = await server.db.query<{ user_id: number; reason: string }>(
      'select user_id, reason from invite_refusals where user_id = any($1) order by id',
      [[a.id, b.id, late.id]],
    );
    expect(refusals.map((r) => [Number(r.user_id), r.reason])).toEqual([
      [a.id, 'self'],
      [a.id, 'loop'],
      [b.id, 'already'],
      [b.id, 'unknown'],
      [late.id, 'late'],
    ]);
    const mine = await invitesOf(a.token);
    expect(mine.friendsTotal).toBe(1);
    expect(mine.bindUntil).not.toBeNull();
    const brought = await invitesOf(b.token);
    expect(brought.bindUntil).toBeNull();
    expect(brought.invitedBy).toMatch(/^\S\*\*\*\S?$/);
    expect(mine.friends[0]?.name).toMatch(/^\S\*\*\*\S?$/);
  });

  it("pays the referrer a share of the friend's real trading fees, once, itemised", async () => {
    const a = await quickUser(server);
    const friend = await quickUser(server);
    expect((await bind(friend.token, (await invitesOf(a.token)).code)).code).toBe(200);
    await credit(server, friend.id, { asset: 'USDT', amount: '1000', book: 'real' });
    expect((await openContract(friend.token)).code).toBe(200);
    server.clock.advance(60_000);
    await Promise.all([server.jobs.runDue(), server.jobs.runDue()]);
    server.clock.advance(60_000);
    await server.jobs.runDue();
    const statement = await server.call('GET', `${USER}/listReferralRewards`, { token: a.token });
    const rows = (
      statement.result as {
        list: { fee: string; sharePercent: string; amount: string; feeKind: string }[];
      }
    ).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ feeKind: 'contract_fee', sharePercent: '20' });
    const fee = BigInt(Math.round(Number(rows[0]?.fee) * 1e6));
    expect(await balance(a.id)).toBe((fee * 20n) / 100n);
    expect((await invitesOf(a.token)).earned).toBe(rows[0]?.amount);
    // Another person's statement shows none of it.
    const other = await server.call('GET', `${USER}/listReferralRewards`, { token: friend.token });
    expect(other.result).toMatchObject({ total: 0 });
  });
});

describe('daily check-in', () => {
  it('pays once a local day by the streak, from the pool, and keeps the first zone', async () => {
    const p = await quickUser(server);
    const first = await checkIn(p.token);
    expect(first).toMatchObject({ code: 200, result: { amount: '0.1', checkin: { streak: 1 } } });
    expect((await checkIn(p.token)).code).toBe(10215);
    // Another zone cannot make a second "today": the first one stays.
    expect((await checkIn(p.token, 'Pacific/Kiritimati')).code).toBe(10215);
    expect(await balance(p.id)).toBe(100_000n);
    server.clock.advance(DAY);
    const second = await checkIn(p.token, 'America/New_York');
    expect(second.result).toMatchObject({
      amount: '0.1',
      checkin: { streak: 2, timeZone: 'Asia/Tokyo' },
    });
    server.clock.advance(2 * DAY);
    const view = await rewards(p.token);
    expect(view.checkin).toMatchObject({ today: 'not_signed', streak: 0, todayAmount: '0.1' });
    expect((await checkIn(p.token)).result).toMatchObject({ checkin: { streak: 1 } });
  });

  it('10 concurrent check-ins of one person pay once', async () => {
    const p = await quickUser(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(p.token)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 10215]).toContain(a.code);
    expect(await balance(p.id)).toBe(100_000n);
    const [rows] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from checkins where user_id = $1',
      [p.id],
    );
    expect(rows?.n).toBe(1);
  });

  it('refuses hostile zones and bodies, and anyone signed out', async () => {
    const p = await quickUser(server);
    for (const timeZone of ['Mars/Olympus', '../../etc', '', 'x'.repeat(65), '<script>']) {
      expect((await checkIn(p.token, timeZone)).code, timeZone).toBe(10100);
    }
    const extra = await server.call('POST', `${USER}/qiandao`, {
      token: p.token,
      body: { timeZone: 'UTC', amount: '1000' },
    });
    expect(extra.code).toBe(10100);
    expect(
      (await server.call('POST', `${USER}/qiandao`, { body: { timeZone: 'UTC' } })).status,
    ).toBe(401);
    expect(await balance(p.id)).toBe(0n);
  });
});

describe('task rewards', () => {
  it('counts real contract trades, refuses a claim before completion or twice, and pays once', async () => {
    const p = await quickUser(server);
    await credit(server, p.id, { asset: 'USDT', amount: '1000', book: 'real' });
    expect((await claim(p.token, 'lingqu2')).code).toBe(10213);
    for (let i = 0; i < 3; i++) expect((await openContract(p.token)).code).toBe(200);
    const trade = (await rewards(p.token)).tasks.find((t) => t.task === 'trade');
    expect(trade).toMatchObject({ status: 'claim', progress: { contract: { done: 3, of: 3 } } });
    const before = await balance(p.id);
    const answers = await Promise.all([claim(p.token, 'lingqu2'), claim(p.token, 'lingqu2')]);
    expect(answers.map((a) => a.code).sort((x, y) => x - y)).toEqual([200, 10214]);
    expect(await balance(p.id)).toBe(before + 5_000_000n);
    expect((await claim(p.token, 'lingqu2')).code).toBe(10214);
  });

  it('needs verified identity and three plans for the second task; demo trades never count', async () => {
    const p = await quickUser(server);
    await credit(server, p.id, { asset: 'USDT', amount: '1000', book: 'real' });
    const productId = await planProduct(server, admin, { purchaseLimit: 5 }, '100');
    for (let i = 0; i < 3; i++) {
      const bought = await server.call('POST', `${ORDER}/buySmart`, {
        token: p.token,
        headers: REAL,
        body: { key: requestKey(), productId, amount: '10' },
      });
      expect(bought.code).toBe(200);
    }
    expect((await claim(p.token, 'lingqu3')).code).toBe(10213);
    await verify(server, p.id);
    expect((await claim(p.token, 'lingqu3')).result).toMatchObject({
      task: { status: 'claimed', amount: '10' },
    });
    const demo = await quickUser(server);
    for (let i = 0; i < 3; i++) {
      await server.call('POST', `${ORDER}/buyU`, {
        token: demo.token,
        body: {
          key: requestKey(),
          instrumentId: btcId,
          type: 'market',
          side: 'long',
          lots: '0.01',
          leverage: 10,
          stopLoss: '50000',
          takeProfit: '70000',
        },
      });
    }
    const trade = (await rewards(demo.token)).tasks.find((t) => t.task === 'trade');
    expect(trade?.progress.contract?.done).toBe(0);
    expect((await claim(demo.token, 'lingqu2')).code).toBe(10213);
  });

  it('refuses an expired claim, and a claim the pool cannot pay, writing nothing', async () => {
    const p = await quickUser(server);
    await server.db.query(
      `update users set created_at = now() - interval '400 days' where id = $1`,
      [p.id],
    );
    await credit(server, p.id, { asset: 'USDT', amount: '1000', book: 'real' });
    for (let i = 0; i < 3; i++) await openContract(p.token);
    expect((await claim(p.token, 'lingqu2')).code).toBe(10217);
    const view = await rewards(p.token);
    expect(view.tasks.find((t) => t.task === 'trade')?.status).toBe('expired');
  });
});
