import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import {
  ADMIN,
  PNG_1PX,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  txHash,
  USER,
} from './helpers/funds.ts';
import { startTestServer, usePostgres, type TestServer } from './helpers/test-server.ts';

/**
 * Dozens of concurrent clients on the real PostgreSQL requesting, replaying and reviewing
 * withdrawals (and deposits, adjustments and demo resets) of the same few accounts: no double
 * spend, every request reviewed exactly once, no deadlock or other 5xx, money conserved at
 * every moment, and final balances equal to what the answers said happened.
 */
const TRON = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const USDT = 1_000_000n; // units of one USDT
const fee = (units: bigint) => (units * 5n + 999n) / 1000n; // the seeded 0.5 %, rounded up

interface Envelope {
  status: number;
  code: number;
  result: unknown;
}
type User = { id: number; token: string };

let server: TestServer;
let reviewers: string[];
let admin: string;
/** Every answer of the current test, for the no-5xx check. */
const answers: { what: string; res: Envelope }[] = [];

async function call(
  what: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token: string; body?: unknown; headers?: Record<string, string> },
): Promise<Envelope> {
  const res = await server.call(method, url, options);
  answers.push({ what, res });
  return res;
}

function withdrawalBody(key: string, usdt: bigint | string, bank: boolean) {
  const amount = typeof usdt === 'string' ? usdt : usdt.toString();
  return bank
    ? {
        key,
        method: 'bank',
        asset: 'USDT',
        amount,
        bankName: 'Commerzbank',
        bankAddress: 'Kaiserplatz, Frankfurt',
        accountName: 'Ada Lovelace',
        iban: IBAN,
      }
    : { key, method: 'crypto', asset: 'USDT', network: 'tron', address: TRON, amount };
}

const withdraw = (user: User, body: object) =>
  call('withdrawal', 'POST', `${USER}/withdrawal`, { token: user.token, headers: REAL, body });
const review = (token: string, id: number, approve: boolean) =>
  call('reviewWithdrawal', 'POST', `${ADMIN}/reviewWithdrawal`, {
    token,
    body: approve
      ? { id, decision: 'approve' }
      : { id, decision: 'reject', reason: 'The account name does not match' },
  });

/** Declares a USDT deposit (proof through the service: the upload route is rate limited). */
async function declare(user: User, usdt: number): Promise<number> {
  const proofId = await server.modules.funds.proofs.save(user.id, PNG_1PX);
  const res = await call('recharge', 'POST', `${USER}/recharge`, {
    token: user.token,
    headers: REAL,
    body: {
      key: requestKey(),
      asset: 'USDT',
      network: 'tron',
      amount: String(usdt),
      txHash: txHash(),
      last6: 'A1B2C3',
      proofId,
    },
  });
  expect(res.code).toBe(Code.ok);
  return (res.result as { id: number }).id;
}

async function fund(user: User, usdt: number): Promise<void> {
  const id = await declare(user, usdt);
  const res = await call('reviewDeposit', 'POST', `${ADMIN}/reviewDeposit`, {
    token: reviewers[0] ?? '',
    body: { id, decision: 'approve' },
  });
  expect(res.code).toBe(Code.ok);
}

async function fresh(n: number, usdt: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < n; i++) {
    const user = await quickUser(server);
    if (usdt > 0) await fund(user, usdt);
    users.push(user);
  }
  return users;
}

const balance = (user: User, purpose: 'available' | 'held') =>
  server.ledger.balance(user.id, 'USDT', 'real', purpose);

async function platform(): Promise<Record<string, bigint>> {
  const rows = await server.db.query<{ key: string; units: string }>(
    `select platform_key as key, (balance * 1000000)::numeric(78, 0)::text as units
       from ledger_accounts where platform_key is not null and asset = 'USDT' and book = 'real'`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, BigInt(r.units)]));
}

/**
 * Ledger invariants, each one SQL statement and so one consistent snapshot: they must hold at
 * any moment, also while other transactions are in flight.
 */
async function ledgerViolations(): Promise<string[]> {
  const found: string[] = [];
  const check = async (name: string, sql: string) => {
    if ((await server.db.query(sql)).length > 0) found.push(name);
  };
  await check(
    'an asset and book does not sum to zero',
    'select asset, book from ledger_accounts group by asset, book having sum(balance) <> 0',
  );
  await check(
    'a cached balance differs from its journal',
    `select a.id from ledger_accounts a
      where a.balance <> coalesce((select sum(amount) from ledger_transfers where to_account = a.id), 0)
                       - coalesce((select sum(amount) from ledger_transfers where from_account = a.id), 0)`,
  );
  await check(
    'a user balance is negative',
    'select id from ledger_accounts where user_id is not null and balance < 0',
  );
  await check(
    'a hold is resolved more than once or not by its amount',
    `select h.id from ledger_holds h left join ledger_transfers t on t.reference = 'hold:' || h.id
      group by h.id, h.status, h.amount
     having (h.status = 'open' and count(t.id) > 0)
         or (h.status <> 'open' and (count(distinct t.batch_id) <> 1 or sum(t.amount) <> h.amount))`,
  );
  await check(
    'a withdrawal does not match its hold',
    `select w.id from withdrawals w join ledger_holds h on h.id = w.hold_id
      where h.amount <> w.amount
         or h.status <> case w.status when 'pending' then 'open' when 'approved' then 'settled'
                                      when 'rejected' then 'released' else '-' end`,
  );
  await check(
    'a deposit is not credited exactly once',
    `select d.id from deposits d
      where (select count(*) from ledger_transfers t where t.reference = 'deposit:' || d.id)
            <> (case when d.status = 'approved' then 1 else 0 end)`,
  );
  return found;
}

/** Runs `work` while sampling the invariants in a loop; returns what the samples found. */
async function whileSampling<T>(work: () => Promise<T>): Promise<{ value: T; seen: string[] }> {
  const seen = new Set<string>();
  let done = false;
  const sampler = (async () => {
    while (!done) {
      for (const v of await ledgerViolations()) seen.add(v);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    return { value: await work(), seen: [...seen] };
  } finally {
    done = true;
    await sampler;
  }
}

function expectNoServerErrors(): void {
  const bad = answers
    .filter(({ res }) => res.status >= 500 || res.code === Code.systemError)
    .map(({ what, res }) => `${what}: HTTP ${res.status} code ${res.code}`);
  expect(bad).toEqual([]);
}

describe.skipIf(!usePostgres)('funds under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    server = await startTestServer();
    // Three reviewers race each other; staff are created once (scrypt is slow).
    reviewers = [];
    for (let i = 0; i < 3; i++) reviewers.push((await staffSession(server, 'reviewer')).token);
    admin = (await staffSession(server, 'admin')).token;
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    answers.length = 0;
  });

  // Shared by the next two tests: the withdrawals the first one leaves pending.
  let accounts: User[] = [];
  const pending: { id: number; user: User; units: bigint }[] = [];

  it('never holds a balance twice: 64 concurrent withdrawals and replays on 4 accounts', async () => {
    accounts = await fresh(4, 1000);
    const requests: { user: User; key: string; body: object }[] = [];
    for (const user of accounts) {
      // 12 requests of 150 each against 1000 (only 6 fit), and one key sent 4 more times.
      for (let i = 0; i < 12; i++) {
        const key = requestKey();
        requests.push({ user, key, body: withdrawalBody(key, 150n, i % 2 === 0) });
      }
      const first = requests.at(-1) as (typeof requests)[number];
      for (let i = 0; i < 4; i++) requests.push(first);
    }
    // Interleave the users so every account is contended from the first request on.
    requests.sort(() => Math.random() - 0.5);
    const { value: results, seen } = await whileSampling(() =>
      Promise.all(requests.map(async (r) => ({ ...r, res: await withdraw(r.user, r.body) }))),
    );
    expect(seen).toEqual([]);
    expectNoServerErrors();
    expect(new Set(results.map((r) => r.res.code))).toEqual(
      new Set([Code.ok, Code.insufficientBalance]),
    );
    const idOfKey = new Map<string, number>();
    for (const r of results) {
      if (r.res.code !== Code.ok) continue;
      const id = (r.res.result as { id: number }).id;
      // Every copy of a key answers with the one withdrawal it made.
      expect(idOfKey.get(r.key) ?? id).toBe(id);
      idOfKey.set(r.key, id);
    }
    for (const user of accounts) {
      const ids = new Set(
        results
          .filter((r) => r.user === user && r.res.code === Code.ok)
          .map((r) => (r.res.result as { id: number }).id),
      );
      expect(ids.size).toBe(6);
      for (const id of ids) pending.push({ id, user, units: 150n * USDT });
      expect(await balance(user, 'available')).toBe(100n * USDT);
      expect(await balance(user, 'held')).toBe(900n * USDT);
      const [rows] = await server.db.query<{ n: number }>(
        'select count(*)::int as n from withdrawals where user_id = $1',
        [user.id],
      );
      expect(rows?.n).toBe(6);
    }
    expect(await ledgerViolations()).toEqual([]);
  }, 60_000);

  it('reviews each withdrawal exactly once while 3 reviewers race to approve and reject it', async () => {
    expect(pending).toHaveLength(24);
    const platformBefore = await platform();
    const auditBefore = await server.count('audit_log');
    // 4 reviews of each of the 24 withdrawals at once: 96 requests, mixed decisions.
    const attempts = pending.flatMap((w, i) =>
      [0, 1, 2, 3].map((j) => ({
        w,
        token: reviewers[(i + j) % 3] ?? '',
        approve: (i + j) % 2 === 0,
      })),
    );
    attempts.sort(() => Math.random() - 0.5);
    const { value: results, seen } = await whileSampling(() =>
      Promise.all(
        attempts.map(async (a) => ({ ...a, res: await review(a.token, a.w.id, a.approve) })),
      ),
    );
    expect(seen).toEqual([]);
    expectNoServerErrors();
    let approved = 0n;
    let fees = 0n;
    const released = new Map<User, bigint>();
    const paid = new Map<User, bigint>();
    for (const w of pending) {
      const mine = results.filter((r) => r.w === w);
      const won = mine.filter((r) => r.res.code === Code.ok);
      expect(won).toHaveLength(1);
      expect(mine.filter((r) => r.res.code === Code.alreadyReviewed)).toHaveLength(3);
      const winner = won[0] as (typeof won)[number];
      expect((winner.res.result as { status: string }).status).toBe(
        winner.approve ? 'approved' : 'rejected',
      );
      if (winner.approve) {
        approved += w.units;
        fees += fee(w.units);
        paid.set(w.user, (paid.get(w.user) ?? 0n) + w.units);
      } else released.set(w.user, (released.get(w.user) ?? 0n) + w.units);
    }
    // Held funds went back or out, never both: what is left plus what was paid out is exactly
    // what came in.
    for (const user of accounts) {
      const available = await balance(user, 'available');
      expect(available).toBe(100n * USDT + (released.get(user) ?? 0n));
      expect(await balance(user, 'held')).toBe(0n);
      expect(available + (paid.get(user) ?? 0n)).toBe(1000n * USDT);
    }
    const platformAfter = await platform();
    const delta = (k: string) => (platformAfter[k] ?? 0n) - (platformBefore[k] ?? 0n);
    expect(delta('withdrawals_in_flight')).toBe(approved - fees);
    expect(delta('fees')).toBe(fees);
    // One audit entry per decision, none for the refused attempts.
    expect(await server.count('audit_log')).toBe(auditBefore + pending.length);
    const [perTarget] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from (select target from audit_log where action like 'withdrawal.%'
        group by target having count(*) <> 1) t`,
    );
    expect(perTarget?.n).toBe(0);
    expect(await ledgerViolations()).toEqual([]);
  }, 60_000);

  it('keeps every balance exact with 40 clients mixing withdrawals, reviews, replays, deposits and adjustments', async () => {
    const users = await fresh(4, 500);
    const funded = 500n * USDT;
    const expected = new Map<User, bigint>(users.map((u) => [u, funded]));
    const add = (u: User, d: bigint) => expected.set(u, (expected.get(u) ?? 0n) + d);
    let reviewedPairs = 0;
    const client = async (c: number) => {
      for (let i = 0; i < 6; i++) {
        const user = users[(c + i) % users.length] as User;
        const token = (k: number) => reviewers[(c + i + k) % reviewers.length] ?? '';
        // A withdrawal sent twice at once (a double click), then two reviewers racing on it.
        const key = requestKey();
        const units = BigInt(10 + ((c * 37 + i * 53) % 290)) * USDT;
        const body = withdrawalBody(key, units / USDT, (c + i) % 2 === 0);
        const copies = await Promise.all([withdraw(user, body), withdraw(user, body)]);
        // A refused copy stores nothing, so the other may still succeed once money came in;
        // copies that succeed answer with the same withdrawal.
        for (const r of copies) expect([Code.ok, Code.insufficientBalance]).toContain(r.code);
        const made = new Set(
          copies.filter((r) => r.code === Code.ok).map((r) => (r.result as { id: number }).id),
        );
        expect(made.size).toBeLessThanOrEqual(1);
        const [id] = made;
        if (id !== undefined) {
          const approve = (c + i) % 3 !== 0;
          const reviews = await Promise.all([
            review(token(0), id, approve),
            review(token(1), id, !approve),
          ]);
          const won = reviews.filter((r) => r.code === Code.ok);
          expect(won).toHaveLength(1);
          expect(reviews.filter((r) => r.code === Code.alreadyReviewed)).toHaveLength(1);
          reviewedPairs += 1;
          if ((won[0]?.result as { status: string }).status === 'approved') add(user, -units);
        }
        if (i % 3 === 1) {
          // An adjustment sent twice with one key: one effect. Debits may find too little.
          const credit = c % 2 === 0;
          const adjust = {
            key: requestKey(),
            userId: user.id,
            asset: 'USDT',
            book: 'real',
            direction: credit ? 'credit' : 'debit',
            amount: credit ? '5' : '40',
            reason: 'Concurrency test correction',
          };
          const both = await Promise.all(
            [0, 1].map(() =>
              call('adjustBalance', 'POST', `${ADMIN}/adjustBalance`, {
                token: admin,
                body: adjust,
              }),
            ),
          );
          for (const r of both) expect([Code.ok, Code.insufficientBalance]).toContain(r.code);
          if (both.some((r) => r.code === Code.ok)) add(user, credit ? 5n * USDT : -40n * USDT);
        }
        if (i % 3 === 2) {
          // A deposit that two reviewers approve and reject at once.
          const id = await declare(user, 50);
          const decisions = await Promise.all(
            [true, false].map((approve) =>
              call('reviewDeposit', 'POST', `${ADMIN}/reviewDeposit`, {
                token: token(approve ? 0 : 1),
                body: approve
                  ? { id, decision: 'approve' }
                  : { id, decision: 'reject', reason: 'The proof does not match' },
              }),
            ),
          );
          const won = decisions.filter((r) => r.code === Code.ok);
          expect(won).toHaveLength(1);
          expect(decisions.filter((r) => r.code === Code.alreadyReviewed)).toHaveLength(1);
          if ((won[0]?.result as { status: string }).status === 'approved') add(user, 50n * USDT);
        }
      }
    };
    const { seen } = await whileSampling(() =>
      Promise.all(Array.from({ length: 40 }, (_, c) => client(c))),
    );
    expect(seen).toEqual([]);
    expectNoServerErrors();
    expect(reviewedPairs).toBeGreaterThan(0);
    for (const user of users) {
      expect(await balance(user, 'available')).toBe(expected.get(user));
      expect(await balance(user, 'held')).toBe(0n);
    }
    expect(await ledgerViolations()).toEqual([]);
  }, 120_000);

  it('answers a request sent many times at once with the one deposit, withdrawal or adjustment it made', async () => {
    const [user] = (await fresh(1, 100_000)) as [User];
    const depositsBefore = await server.count('deposits');
    for (let round = 0; round < 10; round++) {
      const proofId = await server.modules.funds.proofs.save(user.id, PNG_1PX);
      const body = {
        key: requestKey(),
        asset: 'USDT',
        network: 'ethereum',
        amount: '25',
        txHash: txHash(),
        last6: 'A1B2C3',
        proofId,
      };
      const copies = await Promise.all(
        Array.from({ length: 16 }, () =>
          call('recharge replay', 'POST', `${USER}/recharge`, {
            token: user.token,
            headers: REAL,
            body,
          }),
        ),
      );
      expect(new Set(copies.map((r) => r.code))).toEqual(new Set([Code.ok]));
      expect(new Set(copies.map((r) => (r.result as { id: number }).id)).size).toBe(1);
    }
    expect(await server.count('deposits')).toBe(depositsBefore + 10);

    // Staggered by a few milliseconds, so some copies start as the first one commits.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const ids = new Set<number>();
    for (let round = 0; round < 25; round++) {
      const body = withdrawalBody(requestKey(), 20n, round % 2 === 0);
      const copies = await Promise.all(
        Array.from({ length: 32 }, async (_, i) => {
          await sleep(i % 8);
          return withdraw(user, body);
        }),
      );
      expect(new Set(copies.map((r) => r.code))).toEqual(new Set([Code.ok]));
      const once = new Set(copies.map((r) => (r.result as { id: number }).id));
      expect(once.size).toBe(1);
      for (const id of once) ids.add(id);
    }
    expect(ids.size).toBe(25);
    expect(await balance(user, 'held')).toBe(25n * 20n * USDT);

    const adjust = {
      key: requestKey(),
      userId: user.id,
      asset: 'USDT',
      book: 'real',
      direction: 'credit',
      amount: '7',
      reason: 'Concurrency test credit',
    };
    const batches = await server.count('ledger_batches');
    const copies = await Promise.all(
      Array.from({ length: 32 }, () =>
        call('adjust replay', 'POST', `${ADMIN}/adjustBalance`, { token: admin, body: adjust }),
      ),
    );
    expect(new Set(copies.map((r) => r.code))).toEqual(new Set([Code.ok]));
    expect(await server.count('ledger_batches')).toBe(batches + 1);
    expect(await balance(user, 'available')).toBe((100_000n - 500n + 7n) * USDT);
    expectNoServerErrors();
    expect(await ledgerViolations()).toEqual([]);
  }, 120_000);

  it('grants a demo book once when its first read races a reset', async () => {
    const users = await fresh(12, 0);
    await Promise.all(
      users.map((user) =>
        Promise.all([
          ...[0, 1, 2, 3].map(() =>
            call('demo balance', 'GET', `${USER}/listBalance`, { token: user.token }),
          ),
          call('demo reset', 'POST', `${USER}/resetDemo`, { token: user.token, body: {} }),
          ...[0, 1, 2, 3].map(() =>
            call('demo balance', 'GET', `${USER}/listBalance`, { token: user.token }),
          ),
          call('demo reset', 'POST', `${USER}/resetDemo`, { token: user.token, body: {} }),
        ]),
      ),
    );
    expectNoServerErrors();
    for (const user of users) {
      expect(await server.ledger.balance(user.id, 'USDT', 'demo', 'available')).toBe(
        10_000n * USDT,
      );
    }
    expect(await ledgerViolations()).toEqual([]);
  }, 60_000);
});
