import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, PlanProduct } from '../../contract/plans/schemas.ts';
import { credit, quickUser, REAL, requestKey, staffSession } from './helpers/funds.ts';
import { passDays, planProduct } from './helpers/earn.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Smart plans through the API: a subscription holds the principal, the daily job pays each day
 * once from the product's reserve, maturity returns the principal, an early exit pays what its
 * preview said; the reserve refuses what it could not pay; bad input writes nothing.
 */
const ORDER = '/swx/customer/order';
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await staffSession(server, 'admin')).token;
});
afterAll(async () => {
  await server.close();
});

async function person(amount = '1000') {
  const p = await quickUser(server);
  await credit(server, p.id, { asset: 'USDT', amount, book: 'real' });
  return p;
}

const balance = (userId: number, purpose: 'available' | 'held' = 'available') =>
  server.ledger.balance(userId, 'USDT', 'real', purpose);

async function buy(token: string, productId: number, amount: string, key = requestKey()) {
  return server.call('POST', `${ORDER}/buySmart`, {
    token,
    headers: REAL,
    body: { key, productId, amount },
  });
}

async function plans(token: string) {
  const res = await server.call('GET', `${ORDER}/listSmartOrder`, { token, headers: REAL });
  return (res.result as { list: Plan[] }).list;
}

describe('smart plans', () => {
  it('holds the principal, pays each day once from the reserve, and returns it at maturity', async () => {
    const productId = await planProduct(
      server,
      admin,
      { cycleDays: 3, dailyRatePercent: '1' },
      '100',
    );
    const p = await person('1000');
    const bought = await buy(p.token, productId, '500');
    expect(bought).toMatchObject({
      code: 200,
      result: { status: 'earning', dailyYield: '5', exitReturns: '475' },
    });
    expect(await balance(p.id)).toBe(500_000_000n);
    expect(await balance(p.id, 'held')).toBe(500_000_000n);
    await passDays(server, 1);
    expect((await plans(p.token))[0]).toMatchObject({ daysPaid: 0, todayEarnings: '0' });
    await passDays(server, 1);
    expect((await plans(p.token))[0]).toMatchObject({
      daysPaid: 1,
      todayEarnings: '5',
      totalRevenue: '5',
    });
    // The job runs again for the same day: nothing more is paid.
    await server.jobs.runDue();
    expect(await balance(p.id)).toBe(505_000_000n);
    await passDays(server, 2);
    const [ended] = await plans(p.token);
    expect(ended).toMatchObject({
      status: 'shared',
      daysPaid: 3,
      totalRevenue: '15',
      exitReturns: null,
    });
    expect(await balance(p.id)).toBe(1_015_000_000n);
    expect(await balance(p.id, 'held')).toBe(0n);
    const products = await server.call('GET', '/swx/customer/index/listSmartProducts');
    const product = (products.result as { list: PlanProduct[] }).list.find(
      (x) => x.id === productId,
    );
    expect(product?.reserve).toMatchObject({
      balance: '85',
      promised: '0',
      paid7d: '15',
      paid30d: '15',
    });
  });

  it('an early exit pays exactly what the plan showed, and the plan ends', async () => {
    const productId = await planProduct(server, admin, { exitPenaltyPercent: '2.5' }, '100');
    const p = await person('1000');
    // 333.333333 × 2.5% = 8.333333325, kept rounded down: 8.333333.
    const bought = (await buy(p.token, productId, '333.333333')).result as Plan;
    expect(bought).toMatchObject({ exitPenalty: '8.333333', exitReturns: '325' });
    const exit = await server.call('POST', `${ORDER}/exitSmart`, {
      token: p.token,
      headers: REAL,
      body: { id: bought.id },
    });
    expect(exit).toMatchObject({ code: 200, result: { status: 'expired', penalty: '8.333333' } });
    expect(await balance(p.id)).toBe(1_000_000_000n - 8_333_333n);
    const again = await server.call('POST', `${ORDER}/exitSmart`, {
      token: p.token,
      headers: REAL,
      body: { id: bought.id },
    });
    expect(again.code).toBe(10202);
  });

  it("refuses what the reserve could not pay, and another person's plan", async () => {
    // 100 × 1% × 3 days = 3 USDT promised per 100: a reserve of 5 covers one such plan.
    const productId = await planProduct(server, admin, {}, '5');
    const a = await person();
    const b = await person();
    expect((await buy(a.token, productId, '100')).code).toBe(200);
    const refused = await buy(b.token, productId, '100');
    expect(refused.code).toBe(10200);
    expect(await balance(b.id)).toBe(1_000_000_000n);
    const [mine] = await plans(a.token);
    const other = await server.call('POST', `${ORDER}/exitSmart`, {
      token: b.token,
      headers: REAL,
      body: { id: mine?.id },
    });
    expect(other.code).toBe(10101);
  });

  it('bad input: demo book, unknown product, amounts outside the range, the purchase limit, a replay', async () => {
    const productId = await planProduct(server, admin, { purchaseLimit: 1 }, '100');
    const p = await person();
    const demo = await server.call('POST', `${ORDER}/buySmart`, {
      token: p.token,
      headers: { virtually: 'NO' },
      body: { key: requestKey(), productId, amount: '100' },
    });
    expect(demo.code).toBe(10201);
    expect((await buy(p.token, 999_999, '100')).code).toBe(10010);
    for (const amount of ['9.99', '10000.01', '-5', '1e3', '0', 'NaN', '100.0000001']) {
      expect((await buy(p.token, productId, amount)).code).toBe(10013);
    }
    const key = requestKey();
    expect((await buy(p.token, productId, '100', key)).code).toBe(200);
    expect((await buy(p.token, productId, '100', key)).code).toBe(200);
    expect((await buy(p.token, productId, '200', key)).code).toBe(10134);
    expect((await buy(p.token, productId, '100')).code).toBe(10024);
    expect(await plans(p.token)).toHaveLength(1);
    expect(await balance(p.id)).toBe(900_000_000n);
  });

  it('twins at the purchase limit: the same request sent 4 times at once is one plan, each answered with it', async () => {
    const productId = await planProduct(server, admin, { purchaseLimit: 1 }, '100');
    const p = await person();
    const key = requestKey();
    const twins = await Promise.all(
      Array.from({ length: 4 }, () => buy(p.token, productId, '100', key)),
    );
    expect(twins.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    const ids = new Set(twins.map((r) => (r.result as { id: number }).id));
    expect(ids.size).toBe(1);
    // An altered twin still answers 10134, and another key the limit.
    expect((await buy(p.token, productId, '200', key)).code).toBe(10134);
    expect((await buy(p.token, productId, '100')).code).toBe(10024);
    expect(await plans(p.token)).toHaveLength(1);
    expect(await balance(p.id)).toBe(900_000_000n);
  });

  it('16 subscriptions at once on one balance and on one reserve’s last room', async () => {
    const productId = await planProduct(server, admin, { purchaseLimit: 100 }, '30');
    const p = await person('1000');
    // Each 100 promises 3 USDT: the reserve takes 10 of them; the balance 10 as well.
    const results = await Promise.all(
      Array.from({ length: 16 }, () => buy(p.token, productId, '100')),
    );
    const ok = results.filter((r) => r.code === 200).length;
    expect(ok).toBe(10);
    expect(results.every((r) => r.code === 200 || r.code === 10200 || r.code === 10011)).toBe(true);
    expect(await balance(p.id)).toBe(0n);
    expect(await balance(p.id, 'held')).toBe(1_000_000_000n);
  });
});
