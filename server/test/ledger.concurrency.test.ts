import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from '../src/ledger/ledger.ts';
import { startTestServer, usePostgres, type TestServer } from './helpers/test-server.ts';

/**
 * 32 concurrent clients on the real PostgreSQL moving, holding, releasing and settling money
 * between the same few accounts: no double spend, no unhandled deadlock, money conserved.
 */
let server: TestServer;
let ledger: Ledger;
const users: number[] = [];

describe.skipIf(!usePostgres)('ledger under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    server = await startTestServer();
    ledger = new Ledger(server.db);
    for (let i = 0; i < 4; i++) {
      const [row] = await server.db.query<{ id: number }>(
        `insert into users (username, email, password_hash, invite_code)
         values ($1, $2, 'x', $3) returning id`,
        [`conc${i}`, `conc${i}@example.test`, `CONCUR${i}X`],
      );
      if (row) users.push(row.id);
      await ledger.transfer({
        key: `conc-seed-${i}`,
        asset: 'USDT',
        book: 'real',
        legs: [
          {
            from: { platform: 'external_deposits' },
            to: { user: row?.id ?? 0, purpose: 'available' },
            amount: 1_000_000n,
            kind: 'deposit',
          },
        ],
      });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('conserves money with 32 clients racing on the same accounts', async () => {
    let refused = 0;
    const client = async (c: number) => {
      for (let i = 0; i < 25; i++) {
        const from = users[(c + i) % users.length] ?? 0;
        const to = users[(c + i + 1) % users.length] ?? 0;
        const key = `conc-c${c}-i${i}`;
        try {
          if (i % 3 === 0) {
            const hold = await ledger.hold({
              key,
              user: from,
              asset: 'USDT',
              book: 'real',
              amount: 50_000n,
              kind: 'withdrawal',
            });
            await ledger.resolveHold(
              `${key}-r`,
              hold.holdId,
              i % 2 === 0 ? { release: true } : { settleTo: 'withdrawals_in_flight' },
              'withdrawal',
            );
          } else {
            await ledger.transfer({
              key,
              asset: 'USDT',
              book: 'real',
              legs: [
                {
                  from: { user: from, purpose: 'available' },
                  to: { user: to, purpose: 'available' },
                  amount: 70_000n,
                  kind: 'adjust_credit',
                },
              ],
            });
          }
          // Every client also replays its own request: it must have no second effect.
          await ledger.transfer({
            key: `${key}-x`,
            asset: 'USDT',
            book: 'real',
            legs: [
              {
                from: { platform: 'house' },
                to: { user: to, purpose: 'available' },
                amount: 1n,
                kind: 'adjust_debit',
              },
            ],
          });
          await ledger.transfer({
            key: `${key}-x`,
            asset: 'USDT',
            book: 'real',
            legs: [
              {
                from: { platform: 'house' },
                to: { user: to, purpose: 'available' },
                amount: 1n,
                kind: 'adjust_debit',
              },
            ],
          });
        } catch (err) {
          if (!(err instanceof LedgerError) || err.reason !== 'insufficient_funds') throw err;
          refused += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, c) => client(c)));
    const [sum] = await server.db.query<{ total: string }>(
      `select sum(balance)::text as total from ledger_accounts where asset = 'USDT' and book = 'real'`,
    );
    expect(Number(sum?.total)).toBe(0);
    const negative = await server.db.query(
      'select id from ledger_accounts where user_id is not null and balance < 0',
    );
    expect(negative).toEqual([]);
    const drift = await server.db.query(
      `select a.id from ledger_accounts a
        where a.balance <> coalesce((select sum(amount) from ledger_transfers where to_account = a.id), 0)
                         - coalesce((select sum(amount) from ledger_transfers where from_account = a.id), 0)`,
    );
    expect(drift).toEqual([]);
    const tips = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where kind = 'adjust_debit'`,
    );
    const batches = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_batches where idempotency_key like '%-x'`,
    );
    expect(tips[0]?.n).toBe(batches[0]?.n);
    expect(refused).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
