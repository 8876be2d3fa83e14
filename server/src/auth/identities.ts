import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import {
  SIGN_IN_LIMITS,
  type IdentityLoginResult,
  type LinkedSignIn,
} from '../../../contract/sign-in/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { newInviteCode, type ClientInfo } from './accounts.ts';
import type { Sessions } from './sessions.ts';
import { toUserInfo, USER_COLUMNS, type UserRow } from './user-row.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';

/** wallet: issuer 'eip155' and the lower-case address; oidc: the token's iss and sub. */
export interface Identity {
  provider: 'wallet' | 'oidc';
  issuer: string;
  subject: string;
}

/** Runs inside the sign-in transaction, after the proof (signature or token) was checked. */
export type ProofCheck = (tx: Queryable) => Promise<void>;

const NAME_ATTEMPTS = 4;
const TRANSACTION_ATTEMPTS = 2;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/**
 * Accounts keyed by an external identity. Signed out: find the account or open one. Signed in:
 * link the identity to that account. Either way a new session is returned. The nonce is consumed
 * in the same transaction (by `consume`), so a failed sign-in leaves it usable and a
 * successful one can never be replayed.
 */
export class Identities {
  constructor(
    private readonly db: Database,
    private readonly sessions: Sessions,
  ) {}

  async signIn(
    identity: Identity,
    consume: ProofCheck,
    client: ClientInfo,
    signedInUserId: number | undefined,
  ): Promise<IdentityLoginResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          await consume(tx);
          return this.resolve(tx, identity, client, signedInUserId);
        });
      } catch (err) {
        // Two first sign-ins of one identity at once: the loser retries and finds the winner's.
        if (!isUniqueViolation(err) || attempt >= TRANSACTION_ATTEMPTS) throw err;
      }
    }
  }

  private async resolve(
    tx: Queryable,
    identity: Identity,
    client: ClientInfo,
    signedInUserId: number | undefined,
  ): Promise<IdentityLoginResult> {
    const [owner] = await tx.query<{ user_id: number }>(
      'select user_id from user_identities where provider = $1 and issuer = $2 and subject = $3',
      [identity.provider, identity.issuer, identity.subject],
    );
    let user: UserRow | undefined;
    let created = false;
    let linked = false;
    if (signedInUserId !== undefined) {
      if (owner && Number(owner.user_id) !== signedInUserId) {
        throw new AppError(Code.identityLinkedElsewhere);
      }
      user = await this.user(tx, signedInUserId);
      if (!owner) {
        await this.assertRoomToLink(tx, signedInUserId);
        await this.insertIdentity(tx, identity, signedInUserId);
        linked = true;
      }
    } else if (owner) {
      user = await this.user(tx, Number(owner.user_id));
    } else {
      user = await this.createUser(tx, identity);
      await this.insertIdentity(tx, identity, user.id);
      created = true;
    }
    if (user.status !== 'active') throw new AppError(Code.userStatusAbnormal);
    const session = await this.sessions.create(tx, user.id, client);
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      userInfo: toUserInfo(user, 'demo'),
      created,
      linked,
    };
  }

  /** The account's wallets and Google accounts, oldest first. */
  async list(userId: number): Promise<LinkedSignIn[]> {
    const rows = await this.db.query<{
      provider: 'wallet' | 'oidc';
      issuer: string;
      subject: string;
      created_at: Date;
    }>(
      `select provider, issuer, subject, created_at from user_identities
       where user_id = $1 order by created_at, provider, subject limit $2`,
      [userId, SIGN_IN_LIMITS.identitiesPerAccount],
    );
    return rows.map((row) => ({
      provider: row.provider,
      issuer: row.issuer,
      subject: row.provider === 'wallet' ? getAddress(row.subject) : row.subject,
      linkedAt: row.created_at.toISOString(),
    }));
  }

  /** Locks the account's row first, so two links at once cannot both pass the count. */
  private async assertRoomToLink(tx: Queryable, userId: number): Promise<void> {
    await tx.query('select id from users where id = $1 for no key update', [userId]);
    const [row] = await tx.query<{ n: string | number }>(
      'select count(*) as n from user_identities where user_id = $1',
      [userId],
    );
    if (Number(row?.n ?? 0) >= SIGN_IN_LIMITS.identitiesPerAccount) {
      throw new AppError(Code.signInsFull);
    }
  }

  private async user(tx: Queryable, id: number): Promise<UserRow> {
    const [row] = await tx.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
    if (!row) throw new AppError(Code.unauthorized, null, 401);
    return { ...row, id: Number(row.id) };
  }

  private async insertIdentity(tx: Queryable, identity: Identity, userId: number): Promise<void> {
    await tx.query(
      'insert into user_identities (provider, issuer, subject, user_id) values ($1, $2, $3, $4)',
      [identity.provider, identity.issuer, identity.subject, userId],
    );
  }

  /** A password-less account with a generated username the person may recognise. */
  private async createUser(tx: Queryable, identity: Identity): Promise<UserRow> {
    const stem =
      identity.provider === 'wallet'
        ? `w${identity.subject.slice(2, 12)}`
        : `g${randomBytes(8).toString('hex').slice(0, 10)}`;
    for (let i = 0; i < NAME_ATTEMPTS; i++) {
      const username = i === 0 ? stem : `${stem}_${randomBytes(3).toString('hex')}`;
      const [row] = await tx.query<UserRow>(
        `insert into users (username, invite_code) values ($1, $2)
         on conflict do nothing returning ${USER_COLUMNS}`,
        [username, newInviteCode()],
      );
      if (row) return { ...row, id: Number(row.id) };
    }
    throw new Error('could not find a free username for a new identity account');
  }
}
