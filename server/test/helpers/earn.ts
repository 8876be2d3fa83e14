import { ADMIN, requestKey } from './funds.ts';
import type { TestServer } from './test-server.ts';

const DAY_MS = 86_400_000;

/** A smart plan product made by an admin, its reserve funded with `reserve` USDT. */
export async function planProduct(
  server: TestServer,
  admin: string,
  terms: Partial<{
    minAmount: string;
    maxAmount: string;
    cycleDays: number;
    dailyRatePercent: string;
    purchaseLimit: number;
    exitPenaltyPercent: string;
  }> = {},
  reserve = '1000',
): Promise<number> {
  const saved = await server.call('POST', `${ADMIN}/saveSmartProduct`, {
    token: admin,
    body: {
      name: 'Steady 3',
      minAmount: '10',
      maxAmount: '10000',
      cycleDays: 3,
      dailyRatePercent: '1',
      purchaseLimit: 5,
      exitPenaltyPercent: '5',
      yieldSource: 'Market-making fees of the operator, set aside in the reserve',
      status: 'open',
      reason: 'Launch the product',
      ...terms,
    },
  });
  if (saved.code !== 200) throw new Error(`saveSmartProduct answered ${saved.code}`);
  const id = (saved.result as { id: number }).id;
  if (reserve !== '0') {
    const funded = await server.call('POST', `${ADMIN}/fundSmartReserve`, {
      token: admin,
      body: { key: requestKey(), productId: id, amount: reserve, reason: 'Fund the reserve' },
    });
    if (funded.code !== 200) throw new Error(`fundSmartReserve answered ${funded.code}`);
  }
  return id;
}

/** Moves the server's clock on by whole days and runs the jobs then due. */
export async function passDays(server: TestServer, days: number): Promise<void> {
  for (let i = 0; i < days; i++) {
    server.clock.advance(DAY_MS);
    await server.jobs.runDue();
  }
}

/** Marks a person verified, as an approved identity submission does. */
export async function verify(server: TestServer, userId: number, status = 'verified') {
  await server.db.query(
    `insert into kyc_submissions (user_id, request_key, body_hash, status, personal, doc_type, decided_at)
     values ($1, $2, 'test', $3, '{}', 'passport', case when $3 = 'pending' then null else now() end)`,
    [userId, requestKey(), status],
  );
}
