import type { Queryable } from '../db/database.ts';
import { newToken, sha256 } from './tokens.ts';

export interface Session {
  sessionId: number;
  userId: number;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Opaque bearer tokens: only their hash is stored; revocable; expiring. */
export class Sessions {
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
    const rows = await this.db.query<{ session_id: number; user_id: number }>(
      `select s.id as session_id, s.user_id
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
          and u.status = 'active'`,
      [sha256(token)],
    );
    const row = rows[0];
    return row && { sessionId: row.session_id, userId: row.user_id };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.query(
      'update sessions set revoked_at = now() where id = $1 and revoked_at is null',
      [sessionId],
    );
  }

  async revokeAllOf(tx: Queryable, userId: number, except?: number): Promise<void> {
    await tx.query(
      `update sessions set revoked_at = now()
        where user_id = $1 and revoked_at is null and id is distinct from $2`,
      [userId, except ?? null],
    );
  }
}
