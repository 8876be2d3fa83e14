import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loan, LoanFiguresView } from '../../contract/loans/schemas.ts';
import {
  credit,
  multipartForm,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  USER,
  ADMIN,
} from './helpers/funds.ts';
import { passDays, verify } from './helpers/earn.ts';
import { gradientPng } from './helpers/images.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Loans through the API: verified identity, the agreement's figures signed on screen, staff's
 * decision paying out of the lending account, daily interest after the free days, damages when
 * overdue, repayment; bad input and other people's loans write nothing.
 */
let server: TestServer;
let admin: string;
let reviewer: string;
let productId: number;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await staffSession(server, 'admin')).token;
  reviewer = (await staffSession(server, 'reviewer')).token;
  png = await gradientPng(120, 40);
  const saved = await server.call('POST', `${ADMIN}/saveLoanProduct`, {
    token: admin,
    body: {
      name: 'Flex',
      minAmount: '100',
      maxAmount: '5000',
      terms: [5, 30],
      dailyRatePercent: '0.1',
      freeDays: 2,
      overdueRatePercent: '0.5',
      status: 'open',
      reason: 'Launch loans',
    },
  });
  productId = (saved.result as { id: number }).id;
  const funded = await server.call('POST', `${ADMIN}/fundLending`, {
    token: admin,
    body: { key: requestKey(), amount: '10000', reason: 'Fund lending' },
  });
  expect(funded.code).toBe(200);
});
afterAll(async () => {
  await server.close();
});

async function signature(token: string): Promise<string> {
  const form = multipartForm(png, 'image/png', 'signature.png');
  const res = await server.app.inject({
    method: 'POST',
    url: `${USER}/uploadLoanSignature`,
    payload: form.payload,
    headers: { 'content-type': form.contentType, authorization: token },
  });
  return (res.json() as { result: { fileId: string } }).result.fileId;
}

async function agreement(token: string, amount: string, termDays: number) {
  return server.call(
    'GET',
    `${USER}/loanAgreement?productId=${productId}&amount=${amount}&termDays=${termDays}`,
    { token, headers: REAL },
  );
}

/** An application as the screen sends it: the terms shown, a fresh signature and key. */
async function loanBody(
  token: string,
  amount: string,
  termDays: number,
  change: Record<string, unknown> = {},
) {
  const terms = (await agreement(token, amount, termDays)).result as {
    version: string;
    figures: LoanFiguresView;
  };
  return {
    key: requestKey(),
    productId,
    amount,
    termDays,
    agreementVersion: terms.version,
    figures: { totalRepay: terms.figures.totalRepay, totalInterest: terms.figures.totalInterest },
    signature: await signature(token),
    language: 'en',
    ...change,
  };
}

const send = (token: string, body: object) =>
  server.call('POST', `${USER}/loan`, { token, headers: REAL, body });

async function apply(
  token: string,
  amount: string,
  termDays: number,
  change: Record<string, unknown> = {},
) {
  return send(token, await loanBody(token, amount, termDays, change));
}

const balance = (userId: number) => server.ledger.balance(userId, 'USDT', 'real', 'available');

async function decide(id: number, decision: 'approve' | 'reject') {
  await server.call('POST', `${ADMIN}/claimLoan`, { token: reviewer, body: { id } });
  return server.call('POST', `${ADMIN}/reviewLoan`, {
    token: reviewer,
    body: { id, decision, ...(decision === 'reject' ? { reasonCode: 'exposure' } : {}) },
  });
}

describe('loans', () => {
  it('is signed, approved out of the lending account, accrues after the free days, and is repaid', async () => {
    const p = await quickUser(server);
    await verify(server, p.id);
    const terms = await agreement(p.token, '1000', 5);
    expect(terms.result).toMatchObject({
      figures: {
        totalInterest: '3',
        totalRepay: '1003',
        annualPercent: '36.50',
        dailyDamages: '5',
      },
    });
    const applied = await apply(p.token, '1000', 5);
    expect(applied).toMatchObject({ code: 200, result: { status: 'pending' } });
    const id = (applied.result as Loan).id;
    expect((await decide(id, 'approve')).code).toBe(200);
    expect(await balance(p.id)).toBe(1_000_000_000n);
    // Day 1 is the day after the payout; its charge is accrued when it has ended.
    await passDays(server, 4);
    let loan = (await server.call('GET', `${USER}/getLoan/${id}`, { token: p.token }))
      .result as Loan;
    // Days 1 and 2 are free; day 3 charges 1 USDT.
    expect(loan).toMatchObject({ status: 'repaying', daysAccrued: 3, interest: '1', owed: '1001' });
    await passDays(server, 4);
    loan = (await server.call('GET', `${USER}/getLoan/${id}`, { token: p.token })).result as Loan;
    // Days 3-5 charged interest, days 6 and 7 damages of 5 each.
    expect(loan).toMatchObject({
      status: 'expired',
      daysAccrued: 7,
      interest: '3',
      damages: '10',
      owed: '1013',
    });
    const short = await server.call('POST', `${USER}/repayLoan`, {
      token: p.token,
      headers: REAL,
      body: { id },
    });
    expect(short.code).toBe(10011);
    await credit(server, p.id, { asset: 'USDT', amount: '13', book: 'real' });
    const repaid = await server.call('POST', `${USER}/repayLoan`, {
      token: p.token,
      headers: REAL,
      body: { id },
    });
    expect(repaid).toMatchObject({ code: 200, result: { status: 'repaid', repaidAmount: '1013' } });
    expect(await balance(p.id)).toBe(0n);
    const pdf = await server.app.inject({
      method: 'GET',
      url: `${USER}/loanAgreementPdf/${id}`,
      headers: { authorization: p.token },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses without verified identity, stale or missing agreements, bad terms, and a second open loan', async () => {
    const none = await quickUser(server);
    expect((await agreement(none.token, '1000', 5)).code).toBe(10022);
    const pending = await quickUser(server);
    await verify(server, pending.id, 'pending');
    expect((await agreement(pending.token, '1000', 5)).code).toBe(10208);
    const p = await quickUser(server);
    await verify(server, p.id);
    expect((await agreement(p.token, '1000', 7)).code).toBe(10023);
    expect((await agreement(p.token, '99', 5)).code).toBe(10119);
    expect((await agreement(p.token, '5000.5', 5)).code).toBe(10119);
    expect((await apply(p.token, '1000', 5, { agreementVersion: '2020-01-01' })).code).toBe(10204);
    expect(
      (await apply(p.token, '1000', 5, { figures: { totalRepay: '1000', totalInterest: '0' } }))
        .code,
    ).toBe(10204);
    const other = await quickUser(server);
    expect(
      (await apply(p.token, '1000', 5, { signature: await signature(other.token) })).code,
    ).toBe(10203);
    expect((await apply(p.token, '1000', 5, { signature: undefined })).code).toBe(10203);
    const demo = await server.call('POST', `${USER}/loan`, {
      token: p.token,
      headers: { virtually: 'NO' },
      body: {},
    });
    expect(demo.code).not.toBe(200);
    expect(await server.count('loans')).toBeGreaterThanOrEqual(1);
    const before = await server.count('loans');
    const first = await apply(p.token, '1000', 5);
    expect(first.code).toBe(200);
    expect((await apply(p.token, '200', 5)).code).toBe(10205);
    expect(await server.count('loans')).toBe(before + 1);
    const id = (first.result as Loan).id;
    expect((await server.call('GET', `${USER}/getLoan/${id}`, { token: other.token })).code).toBe(
      10101,
    );
    expect(
      (
        await server.call('POST', `${USER}/repayLoan`, {
          token: other.token,
          headers: REAL,
          body: { id },
        })
      ).code,
    ).toBe(10101);
    expect((await decide(id, 'reject')).code).toBe(200);
    expect(await balance(p.id)).toBe(0n);
  });

  it('the same application sent 4 times at once is one loan, each answered with it', async () => {
    const p = await quickUser(server);
    await verify(server, p.id);
    const body = await loanBody(p.token, '100', 30);
    const twins = await Promise.all(Array.from({ length: 4 }, () => send(p.token, body)));
    expect(twins.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(twins.map((r) => (r.result as Loan).id)).size).toBe(1);
    expect((await send(p.token, { ...body, amount: '200' })).code).toBe(10134);
    expect((await apply(p.token, '100', 30)).code).toBe(10205);
  });

  it('16 applications at once make one loan', async () => {
    const p = await quickUser(server);
    await verify(server, p.id);
    const results = await Promise.all(Array.from({ length: 16 }, () => apply(p.token, '100', 30)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.every((r) => r.code === 200 || r.code === 10205)).toBe(true);
  });
});
