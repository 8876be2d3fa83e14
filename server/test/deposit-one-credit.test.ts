import { readFile } from 'node:fs/promises';
import { parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { depositQueue } from '../../contract/admin/schemas.ts';
import { Code } from '../../contract/errors.ts';
import type { Deposit, DepositAddress } from '../../contract/funds/schemas.ts';
import { testUsdtAbi } from '../../contracts-abi/abis.ts';
import {
  LOCAL_CHAIN_ID,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';
import type { z } from 'zod';
import { ADMIN, quickUser, REAL, requestKey, staffSession, USER } from './helpers/funds.ts';
import { startTestServer, usePostgres, type TestServer } from './helpers/test-server.ts';

/**
 * One chain transfer, one credit, whoever claims it (docs/funds.md, "Credit exactly once"): a
 * thief who declares a victim's public transaction at their own address must not be credited by
 * a staff approval once the sweep has credited the victim, nor race them to a second credit.
 */

/** A port of its own: other suites run their chains at the same time. */
const CHAIN_PORT = 8641;
/** Enough that a race's payments, each a block, still wait for the confirmations it mines. */
const CONFIRMATIONS = 10;
const usdt = (whole: number) => BigInt(whole) * 10n ** 6n;
type QueueItem = z.infer<typeof depositQueue>['list'][number];

let chain: LocalChain;
let payer: Address;
let server: TestServer;
let reviewer: string;

beforeAll(async () => {
  chain = await startLocalChain({ port: CHAIN_PORT });
  [, payer = '0x'] = chain.accounts;
  await chain.mintUsdt(payer, usdt(100_000));
  server = await startTestServer({
    PUBLIC_URL: 'http://127.0.0.1:8080',
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(LOCAL_CHAIN_ID),
    CHAIN_TOKENS: `USDT=${chain.usdt}`,
    DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
    // The tests sweep themselves, at the moments they choose.
    CHAIN_POLL_MS: '600000',
  });
  reviewer = (await staffSession(server, 'reviewer')).token;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

interface Person {
  id: number;
  token: string;
  username: string;
  address: Address;
}

/** A person with their own deposit address on the chain. */
async function person(): Promise<Person> {
  const { id, token } = await quickUser(server);
  const res = await server.call('POST', `${USER}/depositAddress`, {
    token,
    headers: REAL,
    body: { asset: 'USDT', network: 'ethereum' },
  });
  expect(res.code).toBe(200);
  const [user] = await server.db.query<{ username: string }>(
    'select username from users where id = $1',
    [id],
  );
  return {
    id,
    token,
    username: user?.username ?? '',
    address: (res.result as DepositAddress).address as Address,
  };
}

/** The victim pays their own address, from outside the app. */
async function pay(asset: 'USDT' | 'ETH', amount: string, to: Address): Promise<Hash> {
  const hash =
    asset === 'ETH'
      ? await chain.walletClient.sendTransaction({ account: payer, to, value: parseEther(amount) })
      : await chain.walletClient.writeContract({
          account: payer,
          address: chain.usdt,
          abi: testUsdtAbi,
          functionName: 'transfer',
          args: [to, usdt(Number(amount))],
        });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

async function declare(who: Person, hash: Hash, asset: string, amount: string) {
  const res = await server.call('POST', `${USER}/recharge`, {
    token: who.token,
    headers: REAL,
    body: { key: requestKey(), asset, network: 'ethereum', amount, txHash: hash },
  });
  expect(res.code).toBe(200);
  return res.result as Deposit;
}

async function approve(id: number) {
  return server.call('POST', `${ADMIN}/reviewDeposit`, {
    token: reviewer,
    body: { id, decision: 'approve' },
  });
}

async function balance(who: Person, asset: string): Promise<string> {
  const res = await server.call('GET', `${USER}/listBalance`, { token: who.token, headers: REAL });
  const list = (res.result as { assets: { asset: string; available: string }[] }).assets;
  return list.find((a) => a.asset === asset)?.available ?? 'none';
}

/** Ledger credits of every deposit naming `hash`, and the guard's records of its transfers. */
async function creditsOf(hash: Hash) {
  const [ledger] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from ledger_transfers where reference in
       (select 'deposit:' || id from deposits where tx_hash = $1)`,
    [hash.toLowerCase()],
  );
  const claims = await server.db.query<{ deposit_id: number; log_index: number | null }>(
    'select deposit_id, log_index from chain_credits where tx_hash = $1 order by log_index',
    [hash.toLowerCase()],
  );
  return { ledger: ledger?.n ?? 0, claims: claims.map((c) => [Number(c.deposit_id), c.log_index]) };
}

async function deposit(id: number) {
  const [row] = await server.db.query<{ status: string; chainCheck: string; checkCode: number }>(
    `select status, chain_check as "chainCheck", check_code as "checkCode" from deposits
      where id = $1`,
    [id],
  );
  return row;
}

async function queueItem(id: number): Promise<QueueItem | undefined> {
  const res = await server.call('GET', `${ADMIN}/listDeposits?status=pending&size=100`, {
    token: reviewer,
  });
  expect(res.code).toBe(200);
  return (res.result as z.infer<typeof depositQueue>).list.find((d) => d.id === id);
}

async function sweep() {
  await server.modules.funds.chainDeposits?.sweep();
}

/** The victim's payment, found at their address, and the thief's claim of it at theirs. */
async function attack(asset: 'USDT' | 'ETH', amount: string) {
  const victim = await person();
  const thief = await person();
  const hash = await pay(asset, amount, victim.address);
  await sweep();
  const [found] = await server.db.query<{ id: number }>(
    'select id from deposits where tx_hash = $1 and user_id = $2',
    [hash.toLowerCase(), victim.id],
  );
  const stolen = await declare(thief, hash, asset, amount);
  // The chain shows the payment went to the victim's address, not the thief's.
  expect(stolen).toMatchObject({
    status: 'pending',
    chainCheck: 'review',
    checkCode: Code.depositWrongRecipient,
  });
  return { victim, thief, hash, victimDeposit: Number(found?.id), stolen };
}

describe.each([
  { asset: 'USDT' as const, amount: '25' },
  { asset: 'ETH' as const, amount: '0.3' },
])(
  'a staff approval of a thief claim of a $asset payment already credited',
  ({ asset, amount }) => {
    it('answers 10130, moves nothing, and the review screen names who was credited', async () => {
      const { victim, thief, hash, victimDeposit, stolen } = await attack(asset, amount);
      await chain.mine(CONFIRMATIONS);
      await sweep();
      expect(await balance(victim, asset)).toBe(amount);

      const item = await queueItem(stolen.id);
      expect(item?.credited).toEqual([
        { depositId: victimDeposit, userId: victim.id, username: victim.username },
      ]);
      const approved = await approve(stolen.id);
      expect(approved.code).toBe(Code.txHashUsed);
      expect(await balance(victim, asset)).toBe(amount);
      expect(await balance(thief, asset)).toBe('0');
      // One credit, recorded against the victim's deposit: USDT's Transfer log, ETH's value (-1).
      const credits = await creditsOf(hash);
      expect(credits.ledger).toBe(1);
      expect(credits.claims).toHaveLength(1);
      expect(credits.claims[0]?.[0]).toBe(victimDeposit);
      if (asset === 'ETH') expect(credits.claims[0]?.[1]).toBe(-1);
      else expect(credits.claims[0]?.[1]).toBeGreaterThanOrEqual(0);
      // Still waiting for staff, who may reject it; approving again changes nothing.
      expect(await deposit(stolen.id)).toMatchObject({ status: 'pending' });
      expect((await approve(stolen.id)).code).toBe(Code.txHashUsed);
      expect((await creditsOf(hash)).ledger).toBe(1);
    });

    it('approved first, the thief holds the one credit and the sweep sends the payer to staff', async () => {
      const { victim, thief, hash, victimDeposit, stolen } = await attack(asset, amount);
      // Staff err before the payment is confirmed: the guard still allows one credit only.
      expect((await approve(stolen.id)).code).toBe(200);
      await chain.mine(CONFIRMATIONS);
      await sweep();
      expect(await deposit(victimDeposit)).toMatchObject({
        status: 'pending',
        chainCheck: 'review',
        checkCode: Code.txHashUsed,
      });
      expect(await balance(thief, asset)).toBe(amount);
      expect(await balance(victim, asset)).toBe('0');
      expect((await creditsOf(hash)).ledger).toBe(1);
      expect((await approve(victimDeposit)).code).toBe(Code.txHashUsed);
      expect((await creditsOf(hash)).ledger).toBe(1);
    });
  },
);

describe('an approval racing the sweep', () => {
  it('ends with exactly one credit of the payment, never a 500', async () => {
    const rounds = [];
    for (let i = 0; i < 4; i++) {
      rounds.push(await attack(i % 2 === 0 ? 'USDT' : 'ETH', i % 2 === 0 ? '25' : '0.3'));
    }
    await chain.mine(CONFIRMATIONS);
    const check = server.modules.funds.chainDeposits;
    const outcomes = await Promise.all(
      rounds.map(async (r) => {
        const [approval] = await Promise.all([
          approve(r.stolen.id),
          check?.check(r.victimDeposit),
          sweep(),
        ]);
        return approval.code;
      }),
    );
    for (const [i, r] of rounds.entries()) {
      const asset = i % 2 === 0 ? 'USDT' : 'ETH';
      const amount = i % 2 === 0 ? '25' : '0.3';
      expect([200, Code.txHashUsed]).toContain(outcomes[i]);
      expect((await creditsOf(r.hash)).ledger).toBe(1);
      const [thief, victim] = [await balance(r.thief, asset), await balance(r.victim, asset)];
      expect(outcomes[i] === 200 ? [thief, victim] : [victim, thief]).toEqual([amount, '0']);
      if (outcomes[i] === 200) {
        expect(await deposit(r.victimDeposit)).toMatchObject({ checkCode: Code.txHashUsed });
      }
    }
  });

  it.runIf(usePostgres)(
    'on PostgreSQL, concurrent approvals of every claim credit once',
    async () => {
      // Several thieves and the payer, all at once: the unique key and the lock leave one.
      const victim = await person();
      const thieves = await Promise.all([person(), person(), person()]);
      const hash = await pay('USDT', '40', victim.address);
      await sweep();
      const claims = [];
      for (const t of thieves) claims.push(await declare(t, hash, 'USDT', '40'));
      await chain.mine(CONFIRMATIONS);
      const answers = await Promise.all([...claims.map((c) => approve(c.id)), sweep()]);
      const codes = answers.slice(0, claims.length).map((a) => (a as { code: number }).code);
      expect(codes.every((c) => c === 200 || c === Code.txHashUsed)).toBe(true);
      expect((await creditsOf(hash)).ledger).toBe(1);
      const total = (await Promise.all([victim, ...thieves].map((p) => balance(p, 'USDT')))).reduce(
        (sum, b) => sum + Number(b),
        0,
      );
      expect(total).toBe(40);
    },
  );
});

describe('migration 013 on a database that already has credits', () => {
  it('records every earlier credit and keeps a double ETH credit as unknown, not refused', async () => {
    const [alice, bob] = [await quickUser(server), await quickUser(server)];
    const token = `0x${'a1'.repeat(32)}`;
    const ether = `0x${'b2'.repeat(32)}`;
    // Back to before 013: the tables gone, the old per-address index back.
    await server.db.exec(`drop table chain_credits; drop table chain_payments;
      create unique index deposits_one_credit on deposits (tx_hash, deposit_address, asset)
        where status = 'approved';`);
    const insert = async (user: number, hash: string, asset: string, address: string) => {
      const [row] = await server.db.query<{ id: number }>(
        `insert into deposits (user_id, request_key, asset, network, amount, tx_hash,
           deposit_address, status, chain_check, reviewed_at)
         values ($1, $2, $3, 'ethereum', 1, $4, $5, 'approved', 'verified', now()) returning id`,
        [user, requestKey(), asset, hash, address],
      );
      return Number(row?.id);
    };
    const a = await insert(alice.id, token, 'USDT', `0x${'11'.repeat(20)}`);
    const b = await insert(bob.id, token, 'USDT', `0x${'22'.repeat(20)}`);
    const first = await insert(alice.id, ether, 'ETH', `0x${'11'.repeat(20)}`);
    const second = await insert(bob.id, ether, 'ETH', `0x${'22'.repeat(20)}`);
    const sql = await readFile(
      new URL('../src/platform/db/migrations/013_one_credit_per_transfer.sql', import.meta.url),
      'utf8',
    );
    await server.db.exec(sql);
    const rows = await server.db.query<{ deposit_id: number; log_index: number | null }>(
      `select deposit_id, log_index from chain_credits where deposit_id = any($1::bigint[])
        order by deposit_id`,
      [[a, b, first, second]],
    );
    expect(rows.map((r) => [Number(r.deposit_id), r.log_index])).toEqual([
      [a, null],
      [b, null],
      [first, -1],
      [second, null],
    ]);
    // Each shows on the review screen as credited to the other, for staff to settle.
    const [aliceName] = await server.db.query<{ username: string }>(
      'select username from users where id = $1',
      [alice.id],
    );
    const res = await server.call('GET', `${ADMIN}/listDeposits?status=approved&size=100`, {
      token: reviewer,
    });
    const list = (res.result as z.infer<typeof depositQueue>).list;
    expect(list.find((d) => d.id === second)?.credited).toEqual([
      { depositId: first, userId: alice.id, username: aliceName?.username },
    ]);
  });
});
