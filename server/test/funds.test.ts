import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from './helpers/accounts.ts';
import {
  ADMIN,
  declareDeposit,
  fundReal,
  PNG_1PX,
  REAL,
  requestKey,
  staffSession,
  txHash,
  uploadProof,
  USER,
} from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

type Balances = {
  totalUsdt: string;
  assets: { asset: string; available: string; frozen: string; usdtValue: string | null }[];
};
const usdt = (b: unknown) => (b as Balances).assets.find((a) => a.asset === 'USDT');

const IBAN = 'DE89 3704 0044 0532 0130 00';

describe('funds', () => {
  let server: TestServer;
  let reviewer: string;

  beforeAll(async () => {
    server = await startTestServer();
    reviewer = (await staffSession(server, 'reviewer')).token;
  });
  afterAll(() => server.close());

  it('lists coins and networks with the minimums of SPEC §9 and the published fee rate', async () => {
    const res = await server.call('GET', `${USER}/listFundingOptions`);
    expect(res.code).toBe(200);
    const { options, withdrawFeeRate } = res.result as {
      options: { asset: string; network: string; minDeposit: string }[];
      withdrawFeeRate: string;
    };
    const min = (asset: string) => options.find((o) => o.asset === asset)?.minDeposit;
    expect([min('USDC'), min('BTC'), min('ETH')]).toEqual(['120', '0.015', '0.2']);
    expect(withdrawFeeRate).toBe('0.5');
  });

  it('funds a new demo book once with 10,000 virtual USDT and resets it', async () => {
    const user = await registerByEmail(server);
    const first = await server.call('GET', `${USER}/listBalance`, { token: user.token });
    expect(usdt(first.result)?.available).toBe('10000');
    const again = await server.call('GET', `${USER}/listBalance`, { token: user.token });
    expect(usdt(again.result)?.available).toBe('10000');
    const real = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(real.result)?.available).toBe('0');

    const reset = await server.call('POST', `${USER}/resetDemo`, { token: user.token, body: {} });
    expect(reset.code).toBe(200);
    expect(usdt(reset.result)?.available).toBe('10000');
    const moves = await server.call('GET', `${USER}/listTransactions`, { token: user.token });
    const kinds = (moves.result as { list: { kind: string }[] }).list.map((m) => m.kind);
    expect(kinds).toEqual(['demo_grant', 'demo_reset', 'demo_grant']);
    expect(
      (moves.result as { list: { amount: string; direction: string }[] }).list.map((m) => [
        m.direction,
        m.amount,
      ]),
    ).toEqual([
      ['in', '10000'],
      ['out', '-10000'],
      ['in', '10000'],
    ]);
  });

  it('credits an approved deposit, replays a retried request once, and refuses a used hash', async () => {
    const user = await registerByEmail(server);
    const dep = await declareDeposit(server, user.token, { amount: '250.5' });
    expect(dep.code).toBe(200);
    const deposit = dep.result as { id: number; status: string; message: number; txHash: string };
    expect(deposit.status).toBe('pending');
    expect(deposit.message).toBe(20002);

    const pending = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(pending.result)?.available).toBe('0');

    const approve = { id: deposit.id, decision: 'approve' };
    const ok = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: reviewer,
      body: approve,
    });
    expect(ok.code).toBe(200);
    const twice = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: reviewer,
      body: approve,
    });
    expect(twice.code).toBe(10131);

    const after = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(after.result)?.available).toBe('250.5');
    expect((after.result as Balances).totalUsdt).toBe('250.50');

    const other = await registerByEmail(server);
    const proof = await uploadProof(server, other.token, PNG_1PX);
    const reuse = await server.call('POST', `${USER}/recharge`, {
      token: other.token,
      headers: REAL,
      body: {
        key: requestKey(),
        asset: 'USDT',
        network: 'ethereum',
        amount: '50',
        txHash: deposit.txHash,
        last6: 'ZZZZZZ',
        proofId: (proof.result as { proofId: string }).proofId,
      },
    });
    expect(reuse.code).toBe(10130);
  });

  it('replays a deposit sent twice with the same key, and refuses the key for another body', async () => {
    const user = await registerByEmail(server);
    const proof = await uploadProof(server, user.token, PNG_1PX);
    const body = {
      key: requestKey(),
      asset: 'BTC',
      network: 'bitcoin',
      amount: '0.02',
      txHash: txHash(),
      last6: 'abc123',
      proofId: (proof.result as { proofId: string }).proofId,
    };
    const a = await server.call('POST', `${USER}/recharge`, {
      token: user.token,
      headers: REAL,
      body,
    });
    const b = await server.call('POST', `${USER}/recharge`, {
      token: user.token,
      headers: REAL,
      body,
    });
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    expect((b.result as { id: number }).id).toBe((a.result as { id: number }).id);
    const changed = await server.call('POST', `${USER}/recharge`, {
      token: user.token,
      headers: REAL,
      body: { ...body, amount: '0.03' },
    });
    expect(changed.code).toBe(10134);
    // Any other field changed under the key is another request too.
    for (const other of [
      { last6: 'zzz999' },
      { txHash: txHash() },
      { network: 'bitcoin', asset: 'BTC', amount: '0.020' },
    ]) {
      const res = await server.call('POST', `${USER}/recharge`, {
        token: user.token,
        headers: REAL,
        body: { ...body, ...other },
      });
      // The whole body is compared as sent (platform/request-replay.ts), as for every money
      // call: "0.020" is not the body "0.02" was, so it is another request too.
      expect(res.code, JSON.stringify(other)).toBe(10134);
    }
    expect(await server.count('deposits')).toBeGreaterThan(0);
    const mine = await server.call('GET', `${USER}/listRecharge`, { token: user.token });
    expect((mine.result as { total: number }).total).toBe(1);
  });

  it('refuses a withdrawal key replayed with any field changed, and holds nothing more', async () => {
    const user = await registerByEmail(server);
    await fundReal(server, user.token, reviewer, '500');
    const bank = {
      method: 'bank',
      key: requestKey(),
      asset: 'USDT',
      amount: '100',
      bankName: 'Commerzbank',
      bankAddress: 'Kaiserplatz, Frankfurt am Main',
      accountName: 'Ada Lovelace',
      iban: IBAN,
    };
    const send = (body: object) =>
      server.call('POST', `${USER}/withdrawal`, { token: user.token, headers: REAL, body });
    expect((await send(bank)).code).toBe(200);
    expect((await send(bank)).code).toBe(200);
    for (const other of [
      { bankName: 'Deutsche Bank' },
      { bankAddress: 'Taunusanlage 12, Frankfurt' },
      { accountName: 'Ada King' },
      { iban: 'GB82 WEST 1234 5698 7654 32' },
      { amount: '101' },
    ]) {
      expect((await send({ ...bank, ...other })).code, JSON.stringify(other)).toBe(10134);
    }
    const crypto = {
      method: 'crypto',
      key: requestKey(),
      asset: 'USDT',
      network: 'tron',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '50',
    };
    expect((await send(crypto)).code).toBe(200);
    expect((await send({ ...crypto, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).code).toBe(
      10134,
    );
    const balances = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(balances.result)).toMatchObject({ available: '350', frozen: '150' });
    const mine = await server.call('GET', `${USER}/listWithdrwal`, { token: user.token });
    expect((mine.result as { total: number }).total).toBe(2);
  });

  it('refuses a deposit under the minimum with the coin and the limit, and on the demo book', async () => {
    const user = await registerByEmail(server);
    const low = await declareDeposit(server, user.token, { asset: 'USDC', amount: '119.99' });
    expect(low.code).toBe(10120);
    expect(low.result).toMatchObject({ name: 'USDC', limit: '120' });
    const proof = await uploadProof(server, user.token, PNG_1PX);
    const demo = await server.call('POST', `${USER}/recharge`, {
      token: user.token,
      body: {
        key: requestKey(),
        asset: 'USDT',
        network: 'ethereum',
        amount: '100',
        txHash: txHash(),
        last6: 'abc123',
        proofId: (proof.result as { proofId: string }).proofId,
      },
    });
    expect(demo.code).toBe(10121);
  });

  it('holds a withdrawal to an IBAN at once, releases it on rejection with the reason, pays out on approval', async () => {
    const user = await registerByEmail(server);
    await fundReal(server, user.token, reviewer, '1000');
    const ask = (amount: string) =>
      server.call('POST', `${USER}/withdrawal`, {
        token: user.token,
        headers: REAL,
        body: {
          key: requestKey(),
          method: 'bank',
          asset: 'USDT',
          amount,
          bankName: 'Commerzbank',
          bankAddress: 'Kaiserplatz, Frankfurt',
          accountName: 'Ada Lovelace',
          iban: IBAN,
        },
      });
    const w = await ask('400');
    expect(w.code).toBe(200);
    expect(w.result).toMatchObject({
      fee: '2',
      received: '398',
      status: 'pending',
      message: 20003,
    });
    const held = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(held.result)).toMatchObject({ available: '600', frozen: '400' });
    // The request is one record, set aside rather than spent: not a debit beside a credit.
    const record = await server.call('GET', `${USER}/listTransactions`, {
      token: user.token,
      headers: REAL,
    });
    const list = (record.result as { list: { kind: string }[]; total: number }).list;
    expect(list[0]).toMatchObject({
      kind: 'withdrawal_hold',
      direction: 'internal',
      amount: '400',
      purpose: 'held',
    });
    expect(list.filter((m) => m.kind === 'withdrawal_hold')).toHaveLength(1);

    const tooMuch = await ask('600.01');
    expect(tooMuch.code).toBe(10092);

    const id = (w.result as { id: number }).id;
    const noReason = await server.call('POST', `${ADMIN}/reviewWithdrawal`, {
      token: reviewer,
      body: { id, decision: 'reject' },
    });
    expect(noReason.code).toBe(10132);
    const rejected = await server.call('POST', `${ADMIN}/reviewWithdrawal`, {
      token: reviewer,
      body: { id, decision: 'reject', reason: 'The account name does not match yours' },
    });
    expect(rejected.code).toBe(200);
    const mine = await server.call('GET', `${USER}/listWithdrwal`, { token: user.token });
    expect((mine.result as { list: { status: string; reason: string }[] }).list[0]).toMatchObject({
      status: 'rejected',
      reason: 'The account name does not match yours',
    });
    const back = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(back.result)).toMatchObject({ available: '1000', frozen: '0' });

    const paid = await ask('1000');
    const approve = await server.call('POST', `${ADMIN}/reviewWithdrawal`, {
      token: reviewer,
      body: { id: (paid.result as { id: number }).id, decision: 'approve' },
    });
    expect(approve.code).toBe(200);
    const empty = await server.call('GET', `${USER}/listBalance`, {
      token: user.token,
      headers: REAL,
    });
    expect(usdt(empty.result)).toMatchObject({ available: '0', frozen: '0' });
  });

  it('checks crypto addresses per network and withdraws only from the real book', async () => {
    const user = await registerByEmail(server);
    await fundReal(server, user.token, reviewer, '100');
    const send = (address: string, headers: Record<string, string> = REAL) =>
      server.call('POST', `${USER}/withdrawal`, {
        token: user.token,
        headers,
        body: {
          key: requestKey(),
          method: 'crypto',
          asset: 'USDT',
          network: 'tron',
          address,
          amount: '20',
        },
      });
    expect((await send('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwc')).code).toBe(10127);
    expect((await send('0x000000000000000000000000000000000000dEaD')).code).toBe(10127);
    expect((await send('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', {})).code).toBe(10121);
    const ok = await send('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(ok.code).toBe(200);
    expect(ok.result).toMatchObject({ fee: '0.1', received: '19.9' });
  });

  it('keeps staff roles apart and writes every action to an append-only audit log', async () => {
    const support = await staffSession(server, 'support');
    const admin = await staffSession(server, 'admin');
    const user = await registerByEmail(server);
    const dep = await declareDeposit(server, user.token);
    const id = (dep.result as { id: number }).id;
    const denied = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: support.token,
      body: { id, decision: 'approve' },
    });
    expect(denied.code).toBe(10133);
    const asUser = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: user.token,
      body: { id, decision: 'approve' },
    });
    expect(asUser.status).toBe(401);

    const info = await server.call('POST', `${USER}/getUserInfo`, { token: user.token });
    const userId = (info.result as { id: number }).id;
    const adjust = await server.call('POST', `${ADMIN}/adjustBalance`, {
      token: admin.token,
      body: {
        key: requestKey(),
        userId,
        asset: 'USDT',
        book: 'real',
        direction: 'credit',
        amount: '5',
        reason: 'Goodwill credit for ticket 42',
      },
    });
    expect(adjust.code).toBe(200);
    expect(adjust.result).toMatchObject({ available: '5' });

    const fee = await server.call('POST', `${ADMIN}/setParam`, {
      token: admin.token,
      body: { key: 'withdraw_fee_rate', value: '11', reason: 'too high' },
    });
    expect(fee.code).toBe(10138);

    const log = await server.call('GET', `${ADMIN}/listAudit`, { token: admin.token });
    const actions = (log.result as { list: { action: string }[] }).list.map((e) => e.action);
    expect(actions).toContain('balance.credit');
    await expect(server.db.query('update audit_log set reason = $1', ['x'])).rejects.toThrow(
      /append-only/,
    );
    await expect(server.db.query('delete from audit_log')).rejects.toThrow(/append-only/);

    const csv = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/exportAudit`,
      headers: { authorization: admin.token },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,at,staff_id,staff,action,target,before,after,reason',
    );
    expect(csv.body).toContain('Goodwill credit for ticket 42');
  });
});
