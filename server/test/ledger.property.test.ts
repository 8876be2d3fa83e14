import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from '../src/ledger/ledger.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Random sequences of deposits, holds, releases, settlements, adjustments and replays, on
 * PGlite (and PostgreSQL with TEST_DATABASE=postgres). After every step: each asset and book
 * sums to zero, cached balances equal the journal, no user balance is negative, no hold is
 * resolved twice, and the balances equal a model kept in bigints.
 */
let server: TestServer;
let ledger: Ledger;
const users: number[] = [];
let run = 0;

beforeAll(async () => {
  server = await startTestServer();
  ledger = new Ledger(server.db);
  for (let i = 0; i < 3; i++) {
    const [row] = await server.db.query<{ id: number }>(
      `insert into users (username, email, password_hash, invite_code)
       values ($1, $2, 'x', $3) returning id`,
      [`ledger${i}`, `ledger${i}@example.test`, `LEDGER${i}X`],
    );
    if (row) users.push(row.id);
  }
});
afterAll(async () => {
  await server.close();
});

type Op =
  | { t: 'deposit'; u: number; amount: bigint }
  | { t: 'adjust'; u: number; amount: bigint; credit: boolean }
  | { t: 'move'; from: number; to: number; amount: bigint }
  | { t: 'hold'; u: number; amount: bigint }
  | { t: 'resolve'; pick: number; settle: boolean }
  | { t: 'replay'; pick: number };

const amount = fc.bigInt({ min: 1n, max: 5_000_000_000n });
const user = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), u: user, amount }),
  fc.record({ t: fc.constant('adjust' as const), u: user, amount, credit: fc.boolean() }),
  fc.record({ t: fc.constant('move' as const), from: user, to: user, amount }),
  fc.record({ t: fc.constant('hold' as const), u: user, amount }),
  fc.record({ t: fc.constant('resolve' as const), pick: fc.nat(), settle: fc.boolean() }),
  fc.record({ t: fc.constant('replay' as const), pick: fc.nat() }),
);

async function checkInvariants(asset: string, book: string, model: Map<string, bigint>) {
  const [sum] = await server.db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts where asset = $1 and book = $2',
    [asset, book],
  );
  expect(Number(sum?.total)).toBe(0);
  const drift = await server.db.query(
    `select a.id from ledger_accounts a
      where a.balance <> coalesce((select sum(amount) from ledger_transfers where to_account = a.id), 0)
                       - coalesce((select sum(amount) from ledger_transfers where from_account = a.id), 0)`,
  );
  expect(drift).toEqual([]);
  const negative = await server.db.query(
    'select id from ledger_accounts where user_id is not null and balance < 0',
  );
  expect(negative).toEqual([]);
  const twice = await server.db.query(
    `select reference from ledger_transfers where reference like 'hold:%' group by reference having count(*) > 1`,
  );
  expect(twice).toEqual([]);
  for (const [key, expected] of model) {
    const [u, purpose] = key.split(':') as [string, 'available' | 'held'];
    expect(await ledger.balance(Number(u), asset, book as 'demo', purpose)).toBe(expected);
  }
}

describe('ledger invariants', () => {
  it('hold for any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        // A fresh asset per run keeps runs independent in one database.
        const asset = 'USDT';
        const book = run % 2 === 0 ? 'demo' : 'real';
        await server.db.exec(
          `delete from ledger_holds; delete from ledger_transfers; delete from ledger_batches;
           update ledger_accounts set balance = 0;`,
        );
        const model = new Map<string, bigint>();
        const bal = (u: number, p: string) => model.get(`${u}:${p}`) ?? 0n;
        const add = (u: number, p: string, d: bigint) => model.set(`${u}:${p}`, bal(u, p) + d);
        const done: { key: string; run: () => Promise<unknown> }[] = [];
        const holds: { id: number; u: number; amount: bigint; open: boolean }[] = [];
        let n = 0;
        for (const o of ops) {
          const key = `run${run}-op${(n += 1)}`;
          let runOp: () => Promise<unknown>;
          let apply: () => void;
          let mayFail = false;
          if (o.t === 'deposit') {
            const u = users[o.u] ?? 0;
            runOp = () =>
              ledger.transfer({
                key,
                asset,
                book,
                legs: [
                  {
                    from: { platform: 'external_deposits' },
                    to: { user: u, purpose: 'available' },
                    amount: o.amount,
                    kind: 'deposit' as const,
                  },
                ],
              });
            apply = () => add(u, 'available', o.amount);
          } else if (o.t === 'adjust') {
            const u = users[o.u] ?? 0;
            const legs = o.credit
              ? [
                  {
                    from: { platform: 'house' as const },
                    to: { user: u, purpose: 'available' as const },
                    amount: o.amount,
                    kind: 'adjust_credit' as const,
                  },
                ]
              : [
                  {
                    from: { user: u, purpose: 'available' as const },
                    to: { platform: 'house' as const },
                    amount: o.amount,
                    kind: 'adjust_credit' as const,
                  },
                ];
            runOp = () => ledger.transfer({ key, asset, book, legs });
            mayFail = !o.credit && bal(u, 'available') < o.amount;
            apply = () => add(u, 'available', o.credit ? o.amount : -o.amount);
          } else if (o.t === 'move') {
            const from = users[o.from] ?? 0;
            const to = users[o.to] ?? 0;
            if (from === to) continue;
            runOp = () =>
              ledger.transfer({
                key,
                asset,
                book,
                legs: [
                  {
                    from: { user: from, purpose: 'available' },
                    to: { user: to, purpose: 'available' },
                    amount: o.amount,
                    kind: 'adjust_credit',
                  },
                ],
              });
            mayFail = bal(from, 'available') < o.amount;
            apply = () => {
              add(from, 'available', -o.amount);
              add(to, 'available', o.amount);
            };
          } else if (o.t === 'hold') {
            const u = users[o.u] ?? 0;
            runOp = async () => {
              const r = await ledger.hold({
                key,
                user: u,
                asset,
                book,
                amount: o.amount,
                kind: 'withdrawal',
              });
              if (!r.replayed) holds.push({ id: r.holdId, u, amount: o.amount, open: true });
            };
            mayFail = bal(u, 'available') < o.amount;
            apply = () => {
              add(u, 'available', -o.amount);
              add(u, 'held', o.amount);
            };
          } else if (o.t === 'resolve') {
            const h = holds[o.pick % Math.max(holds.length, 1)];
            if (h === undefined) continue;
            runOp = () =>
              ledger.resolveHold(
                key,
                h.id,
                o.settle ? { settleTo: 'withdrawals_in_flight' } : { release: true },
                o.settle ? 'withdrawal' : 'withdrawal_released',
              );
            mayFail = !h.open;
            apply = () => {
              h.open = false;
              add(h.u, 'held', -h.amount);
              if (!o.settle) add(h.u, 'available', h.amount);
            };
          } else {
            const previous = done[o.pick % Math.max(done.length, 1)];
            if (previous === undefined) continue;
            await previous.run(); // same key, same body: no effect
            await checkInvariants(asset, book, model);
            continue;
          }
          try {
            await runOp();
            expect(mayFail).toBe(false);
            apply();
            done.push({ key, run: runOp });
          } catch (err) {
            if (!(err instanceof LedgerError) || !mayFail) throw err;
          }
          await checkInvariants(asset, book, model);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('refuses a replayed key with a different body, and writes nothing for it', async () => {
    const u = users[0] ?? 0;
    const legs = (amount: bigint) => [
      {
        from: { platform: 'external_deposits' as const },
        to: { user: u, purpose: 'available' as const },
        amount,
        kind: 'deposit' as const,
      },
    ];
    await ledger.transfer({ key: 'conflict-key-1', asset: 'USDC', book: 'real', legs: legs(100n) });
    const before = await server.count('ledger_transfers');
    await expect(
      ledger.transfer({ key: 'conflict-key-1', asset: 'USDC', book: 'real', legs: legs(101n) }),
    ).rejects.toThrow('idempotency_conflict');
    expect(await server.count('ledger_transfers')).toBe(before);
  });
});
