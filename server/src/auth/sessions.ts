import type { Queryable } from '../platform/db/database.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import { newToken, sha256 } from '../platform/security/tokens.ts';
import { USER_COLUMNS, type UserRow } from './user-row.ts';

export interface Session {
  sessionId: number;
  userId: number;
  /** The user as read when the session was resolved (at most SESSION_CACHE.ttlMs ago). */
  user: UserRow;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Opaque bearer tokens: only their hash is stored; revocable; expiring. */
/**
 * Resolved sessions are cached so a signed-in call costs no database round trip. A revocation
 * on this node drops the entry at once; other nodes notice within the TTL (docs/api.md). Only
 * live sessions are cached, so a new sign-in works at once.
 */
export const SESSION_CACHE = { ttlMs: 5_000, maxEntries: 100_000 } as const;

export class Sessions {
  private readonly cache = new TtlCache<Session>(SESSION_CACHE.ttlMs, SESSION_CACHE.maxEntries);

  constructor(
    private readonly db: Queryable,
    private readonly ttlHours: number,
  ) {}

  async create(
    tx: Queryable,
    userId: number,
    client: { ip: string; userAgent: string },
  ): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.ttlHours * 3_600_000);
    await tx.query(
      `insert into sessions (user_id, token_hash, expires_at, ip, user_agent)
       values ($1, $2, $3, $4, $5)`,
      [userId, sha256(token), expiresAt, client.ip, client.userAgent.slice(0, 400)],
    );
    return { token, expiresAt };
  }

  /** The live session of a token: not revoked, not expired, its user active. */
  async resolve(token: string): Promise<Session | undefined> {
    if (token.length < 20 || token.length > 100) return undefined;
    const hash = sha256(token);
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    const rows = await this.db.query<UserRow & { session_id: number }>(
      `select s.id as session_id, ${USER_COLUMNS.split(', ')
        .map((c) => `u.${c}`)
        .join(', ')}
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
          and u.status = 'active'`,
      [hash],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const { session_id, ...user } = row;
    const session = { sessionId: session_id, userId: user.id, user };
    this.cache.set(hash, session);
    return session;
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.query(
      'update sessions set revoked_at = now() where id = $1 and revoked_at is null',
      [sessionId],
    );
    this.cache.forget((s) => s.sessionId === sessionId);
  }

  /** Revokes inside the caller's transaction; call `forgetUser` once it has committed. */
  async revokeAllOf(tx: Queryable, userId: number, except?: number): Promise<void> {
    await tx.query(
      `update sessions set revoked_at = now()
        where user_id = $1 and revoked_at is null and id is distinct from $2`,
      [userId, except ?? null],
    );
  }

  /** Drops this node's cached sessions of a user (after a revocation or a status change). */
  forgetUser(userId: number): void {
    this.cache.forget((s) => s.userId === userId);
  }
}
