import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  declareDeposit,
  fundReal,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  USER,
} from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The review queue (platform/review): a claim holds a row for its reviewer, a decision carries
 * a reason code from the capability's catalogue and a note, and the claim, the effects and the
 * audit entry commit together; two reviewers never both decide one row.
 */
let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = (await staffSession(server, 'reviewer')).token;
  bob = (await staffSession(server, 'reviewer')).token;
});
afterAll(async () => {
  await server.close();
});

async function pendingDeposit(): Promise<{ id: number; token: string }> {
  const person = await quickUser(server);
  const dep = await declareDeposit(server, person.token, { amount: '100' });
  expect(dep.code).toBe(200);
  return { id: (dep.result as { id: number }).id, token: person.token };
}

const review = (token: string, body: object) =>
  server.call('POST', `${ADMIN}/reviewDeposit`, { token, body });
const claim = (token: string, id: number) =>
  server.call('POST', `${ADMIN}/claimDeposit`, { token, body: { id } });

describe('review queue', () => {
  it("a row one reviewer claimed is not another's to decide until the claim is done", async () => {
    const { id } = await pendingDeposit();
    expect((await claim(alice, id)).code).toBe(200);
    expect((await claim(bob, id)).code).toBe(10191);
    expect((await review(bob, { id, decision: 'approve' })).code).toBe(10191);
    // Renewing one's own claim is fine; deciding ends it.
    expect((await claim(alice, id)).code).toBe(200);
    const decided = await review(alice, {
      id,
      decision: 'reject',
      reasonCode: 'proof_unreadable',
    });
    expect(decided).toMatchObject({
      code: 200,
      result: { status: 'rejected', reasonCode: 'proof_unreadable', reason: null },
    });
    expect((await claim(bob, id)).code).toBe(10131);
    expect((await review(bob, { id, decision: 'approve' })).code).toBe(10131);
  });

  it('a rejection names a reason from the catalogue, or says why in a note', async () => {
    const { id, token } = await pendingDeposit();
    const before = await server.count('audit_log');
    for (const body of [
      { id, decision: 'reject' },
      { id, decision: 'reject', reasonCode: 'other', reason: 'no' },
      { id, decision: 'reject', reasonCode: 'not_in_the_catalogue' },
      { id, decision: 'reject', reasonCode: 'destination_invalid' }, // a withdrawal's reason
      { id, decision: 'reject', reasonCode: 'Proof Unreadable' },
      { id, decision: 'approve', reasonCode: 'proof_unreadable' },
      { id, decision: 'reject', reasonCode: 'other', reason: 'bad\u0000note' },
    ]) {
      const res = await review(alice, body);
      // A NUL is refused by the contract's check of every string (10155) before the desk's.
      expect([10132, 10155], JSON.stringify(body)).toContain(res.code);
    }
    expect(await server.count('audit_log')).toBe(before);
    const ok = await review(alice, {
      id,
      decision: 'reject',
      reasonCode: 'amount_mismatch',
      reason: 'The proof shows 10 USDT',
    });
    expect(ok.code).toBe(200);
    const [entry] = await server.db.query<{ reason: string; action: string }>(
      `select reason, action from audit_log where target = $1`,
      [`deposit:${id}`],
    );
    expect(entry).toEqual({
      action: 'funds.deposit.reject',
      reason: 'amount_mismatch: The proof shows 10 USDT',
    });
    const records = await server.call('GET', `${USER}/listRecharge`, { token, headers: REAL });
    expect((records.result as { list: unknown[] }).list[0]).toMatchObject({
      status: 'rejected',
      reasonCode: 'amount_mismatch',
      reason: 'The proof shows 10 USDT',
    });
  });

  it('two reviewers deciding one withdrawal at once: one decision, one movement', async () => {
    const person = await quickUser(server);
    await fundReal(server, person.token, alice, '300');
    const w = await server.call('POST', `${USER}/withdrawal`, {
      token: person.token,
      headers: REAL,
      body: {
        method: 'bank',
        key: requestKey(),
        asset: 'USDT',
        amount: '100',
        bankName: 'Commerzbank',
        bankAddress: 'Kaiserplatz, Frankfurt am Main',
        accountName: 'Ada Lovelace',
        iban: 'DE89 3704 0044 0532 0130 00',
      },
    });
    expect(w.code).toBe(200);
    const id = (w.result as { id: number }).id;
    const answers = await Promise.all([
      server.call('POST', `${ADMIN}/reviewWithdrawal`, {
        token: alice,
        body: { id, decision: 'approve' },
      }),
      server.call('POST', `${ADMIN}/reviewWithdrawal`, {
        token: bob,
        body: { id, decision: 'reject', reasonCode: 'name_mismatch' },
      }),
    ]);
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes, JSON.stringify(answers)).toHaveLength(2);
    expect(codes[0]).toBe(200);
    expect([10131, 10191]).toContain(codes[1]);
    const [moves] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_batches where idempotency_key in ($1, $2)`,
      [`withdrawal:${id}:approve`, `withdrawal:${id}:reject`],
    );
    expect(moves?.n).toBe(1);
  });
});
