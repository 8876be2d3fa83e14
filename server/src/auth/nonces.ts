import { randomBytes } from 'node:crypto';
import { SIGN_IN_LIMITS } from '../../../contract/sign-in/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';

export type NoncePurpose = 'wallet' | 'oidc';

const ALPHANUMERIC = /[^A-Za-z0-9]/g;
/** Issued nonces kept at most: a flood of requests cannot grow the table without bound. */
const MAX_OUTSTANDING = 100_000;

/**
 * Server-issued sign-in nonces: random, short-lived, single use. Consuming deletes the row in
 * the caller's transaction, so a replay finds nothing even if two arrive at once.
 */
export class SignInNonces {
  constructor(private readonly db: Database) {}

  async issue(purpose: NoncePurpose): Promise<{ nonce: string; expiresAt: string }> {
    // SIWE nonces are alphanumeric, at least 8 characters; 24 random bytes give 32.
    const nonce = randomBytes(24).toString('base64').replace(ALPHANUMERIC, '').slice(0, 32);
    const expiresAt = new Date(Date.now() + SIGN_IN_LIMITS.nonceTtlSeconds * 1000);
    await this.db.transaction(async (tx) => {
      await tx.query('delete from sign_in_nonces where expires_at < now()');
      const [row] = await tx.query<{ n: string }>('select count(*) as n from sign_in_nonces');
      if (Number(row?.n ?? 0) >= MAX_OUTSTANDING)
        throw new AppError(Code.tooManyRequests, null, 429);
      await tx.query(
        'insert into sign_in_nonces (nonce, purpose, expires_at) values ($1, $2, $3)',
        [nonce, purpose, expiresAt],
      );
    });
    return { nonce, expiresAt: expiresAt.toISOString() };
  }

  /** Takes the nonce for good; unknown, expired, already used or issued for the other purpose: 10139. */
  async consume(tx: Queryable, purpose: NoncePurpose, nonce: string): Promise<void> {
    const rows = await tx.query(
      `delete from sign_in_nonces where nonce = $1 and purpose = $2 and expires_at >= now()
       returning nonce`,
      [nonce, purpose],
    );
    if (rows.length !== 1) throw new AppError(Code.walletNonceWrong);
  }
}
