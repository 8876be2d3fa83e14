import { randomBytes } from 'node:crypto';
import { Code } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import { AppError } from '../errors.ts';
import type { Database } from '../platform/db/database.ts';
import { sha256 } from '../platform/security/tokens.ts';
import type { Participant } from './rows.ts';

/** The one-time codes a visitor proves their address with (auth's, purpose `support`). */
export interface VisitorCodes {
  issue(email: string, lang: Language): Promise<void>;
  consume(email: string, code: string): Promise<void>;
}

const TOKEN = /^sv_[0-9a-f]{64}$/;

/**
 * Visitors' chats: someone without an account leaves an address, proves it with a code as at
 * sign-up, and gets a token for their chat's calls (stored hashed) and a channel key for its
 * live frames. Both are random; neither opens anything else.
 */
export class SupportVisitors {
  constructor(
    private readonly db: Database,
    private readonly codes: VisitorCodes,
    private readonly days: () => Promise<number>,
  ) {}

  async sendCode(email: string, lang: Language): Promise<void> {
    await this.codes.issue(email.toLowerCase(), lang);
  }

  async start(email: string, code: string): Promise<{ token: string; channel: string }> {
    const address = email.toLowerCase();
    await this.codes.consume(address, code);
    const token = `sv_${randomBytes(32).toString('hex')}`;
    const channel = randomBytes(16).toString('hex');
    const days = await this.days();
    await this.db.query(
      `insert into support_visitors (email, token_hash, channel, expires_at)
       values ($1, $2, $3, now() + make_interval(days => $4))`,
      [address, Buffer.from(sha256(token), 'hex'), channel, days],
    );
    return { token, channel };
  }

  /** The visitor a live token belongs to; an unknown, ended or claimed one answers 10224. */
  async resolve(token: string): Promise<Participant & { kind: 'visitor' }> {
    if (!TOKEN.test(token)) throw new AppError(Code.supportVisitorEnded);
    const [row] = await this.db.query<{ id: number; channel: string }>(
      `select id::int, channel from support_visitors
        where token_hash = $1 and expires_at > now() and user_id is null`,
      [Buffer.from(sha256(token), 'hex')],
    );
    if (row === undefined) throw new AppError(Code.supportVisitorEnded);
    return { kind: 'visitor', visitorId: row.id, channel: row.channel };
  }

  static isToken(token: string | undefined): token is string {
    return token !== undefined && TOKEN.test(token);
  }
}
