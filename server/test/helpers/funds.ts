import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../../contract/admin/schemas.ts';
import { toUnits } from '../../src/money/decimal.ts';
import type { TestServer } from './test-server.ts';

export const USER = '/swx/customer/user';
export const ADMIN = '/swx/admin';
export const REAL = { virtually: 'YES' } as const;

/** A 1x1 PNG: a whole image with IHDR and IEND. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function requestKey(): string {
  return randomBytes(12).toString('hex');
}

export function txHash(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

/**
 * A multipart form with one file part holding `bytes`, as a browser's FormData sends it; the
 * declared type and name are the client's say only (the server reads the content).
 */
export function multipartForm(
  bytes: Buffer,
  type = 'image/png',
  filename = 'proof.png',
): { payload: Buffer; contentType: string } {
  const boundary = `----kestrel-test-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads `bytes` as a proof (a multipart form's file part); returns the envelope. */
export async function uploadProof(
  server: TestServer,
  token: string,
  bytes: Buffer,
  type = 'image/png',
): Promise<{ status: number; code: number; result: unknown }> {
  const form = multipartForm(bytes, type);
  const res = await server.app.inject({
    method: 'POST',
    url: `${USER}/uploadProof`,
    payload: form.payload,
    headers: { authorization: token, 'content-type': form.contentType },
  });
  const body = res.json<{ code: number; result: unknown }>();
  return { status: res.statusCode, code: body.code, result: body.result };
}

let staffCounter = 0;
/** A staff member of `role`, created directly (as the create-admin command does) and signed in. */
export async function staffSession(server: TestServer, role: StaffRole) {
  staffCounter += 1;
  const username = `${role}${process.pid % 1000}s${staffCounter}`;
  const password = 'Staff-password-123';
  await server.modules.admin.staff.create(null, { username, password, role });
  const res = await server.call('POST', `${ADMIN}/login`, { body: { username, password } });
  if (res.code !== 200) throw new Error(`staff login answered ${res.code}`);
  return { username, token: (res.result as { token: string }).token };
}

/** Declares a deposit with a fresh proof and hash; returns the envelope. */
export async function declareDeposit(
  server: TestServer,
  token: string,
  fields: { asset?: string; network?: string; amount?: string } = {},
) {
  const proof = await uploadProof(server, token, PNG_1PX);
  if (proof.code !== 200) throw new Error(`upload answered ${proof.code}`);
  return server.call('POST', `${USER}/recharge`, {
    token,
    headers: REAL,
    body: {
      key: requestKey(),
      asset: fields.asset ?? 'USDT',
      network: fields.network ?? 'ethereum',
      amount: fields.amount ?? '500',
      txHash: txHash(),
      last6: 'A1B2C3',
      proofId: (proof.result as { proofId: string }).proofId,
    },
  });
}

/** A user with `amount` USDT approved into their real book. */
export async function fundReal(
  server: TestServer,
  token: string,
  reviewer: string,
  amount: string,
) {
  const dep = await declareDeposit(server, token, { amount });
  if (dep.code !== 200) throw new Error(`recharge answered ${dep.code}`);
  const review = await server.call('POST', `${ADMIN}/reviewDeposit`, {
    token: reviewer,
    body: { id: (dep.result as { id: number }).id, decision: 'approve' },
  });
  if (review.code !== 200) throw new Error(`review answered ${review.code}`);
}

let quickCounter = 0;
/**
 * A user inserted directly with a signed-in session: no password hashing or e-mail code, for
 * suites that need many fresh users (property and concurrency runs).
 */
export async function quickUser(server: TestServer): Promise<{ id: number; token: string }> {
  quickCounter += 1;
  const tag = `quick${process.pid % 1000}q${quickCounter}`;
  const [row] = await server.db.query<{ id: number }>(
    `insert into users (username, email, password_hash, invite_code)
     values ($1, $2, 'not-a-hash', $3) returning id`,
    [tag, `${tag}@example.test`, `Q${String(process.pid % 1000).padStart(3, '0')}X${quickCounter}`],
  );
  if (row === undefined) throw new Error('user insert returned no row');
  const id = Number(row.id);
  const { token } = await server.modules.auth.sessions.create(server.db, id, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return { id, token };
}

/**
 * Credits `amount` of `asset` to a person's available balance, straight through the ledger: from
 * the demo faucet in the demo book, from the house in the real one (tests that need coins the
 * demo grant does not give, or real money without a deposit).
 */
export async function credit(
  server: TestServer,
  userId: number,
  coin: { asset: string; amount: string; book?: 'demo' | 'real' },
): Promise<void> {
  const book = coin.book ?? 'demo';
  await server.ledger.transfer({
    key: `test-credit:${userId}:${coin.asset}:${book}:${requestKey()}`,
    asset: coin.asset,
    book,
    legs: [
      {
        from: { platform: book === 'demo' ? 'demo_faucet' : 'house' },
        to: { user: userId, purpose: 'available' },
        amount: toUnits(coin.amount, server.ledger.scaleOf(coin.asset)),
        kind: 'adjust_credit',
      },
    ],
  });
}
