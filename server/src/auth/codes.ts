import { randomInt } from 'node:crypto';
import { Code } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import type { Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import type { CodeSender } from '../platform/notify/code-sender.ts';
import { codeMessage } from '../platform/notify/code-message.ts';
import { sha256 } from '../platform/security/tokens.ts';

/** Limits on one-time codes (docs/api.md "Verification codes"). */
export const CODE_LIMITS = {
  ttlMinutes: 10,
  resendAfterSeconds: 60,
  perDestinationPerHour: 5,
  attemptsPerCode: 5,
} as const;

export type CodePurpose = 'register' | 'reset' | 'support';
export interface Destination {
  channel: 'email' | 'sms';
  /** Normalized: lower-case e-mail, or +areacode followed by the number. */
  address: string;
}

function hashCode(code: string, dest: Destination, purpose: CodePurpose): string {
  return sha256(`${purpose}:${dest.address}:${code}`);
}

/** Single-use, expiring, rate-limited codes sent by e-mail or SMS. */
export class VerificationCodes {
  constructor(
    private readonly db: Queryable,
    private readonly sender: CodeSender,
  ) {}

  async issue(dest: Destination, purpose: CodePurpose, lang: Language, deliver: boolean) {
    const [recent] = await this.db.query<{ last_age: number | null; count: number }>(
      `select extract(epoch from now() - max(created_at))::float8 as last_age, count(*)::int as count
         from verification_codes
        where destination = $1 and purpose = $2 and created_at > now() - interval '1 hour'`,
      [dest.address, purpose],
    );
    if (recent && recent.last_age !== null && recent.last_age < CODE_LIMITS.resendAfterSeconds) {
      const retryAfterSeconds = Math.ceil(CODE_LIMITS.resendAfterSeconds - recent.last_age);
      throw new AppError(Code.tooManyRequests, { retryAfterSeconds });
    }
    if (recent && recent.count >= CODE_LIMITS.perDestinationPerHour) {
      throw new AppError(Code.tooManyRequests, { retryAfterSeconds: 3600 });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(
      `insert into verification_codes (channel, destination, purpose, code_hash, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [dest.channel, dest.address, purpose, hashCode(code, dest, purpose), CODE_LIMITS.ttlMinutes],
    );
    // A reset code for an unknown address is recorded (same limits, same answer) but not sent,
    // so the answer does not reveal whether the address has an account.
    if (deliver) {
      const message = codeMessage(lang, code, CODE_LIMITS.ttlMinutes);
      await this.sender.send({ channel: dest.channel, to: dest.address, ...message });
    }
    return {
      expiresInSeconds: CODE_LIMITS.ttlMinutes * 60,
      resendAfterSeconds: CODE_LIMITS.resendAfterSeconds,
    };
  }

  /**
   * Checks `code` against the newest code for the destination and uses it up. Each check first
   * takes a try with one atomic update that only succeeds while tries are left, so concurrent
   * guesses are counted one after another and at most `attemptsPerCode` are ever compared. A
   * wrong guess keeps its try even though the caller's request fails: that is what limits
   * guessing.
   */
  async consume(dest: Destination, purpose: CodePurpose, code: string): Promise<void> {
    const [latest] = await this.db.query<{ id: number }>(
      `select id from verification_codes
        where destination = $1 and purpose = $2 and consumed_at is null
        order by created_at desc, id desc limit 1`,
      [dest.address, purpose],
    );
    if (!latest) throw new AppError(Code.sendCodeFirst, { field: 'code' });
    const [tried] = await this.db.query<{ code_hash: string }>(
      `update verification_codes set attempts = attempts + 1
        where id = $1 and consumed_at is null and expires_at > now() and attempts < $2
        returning code_hash`,
      [latest.id, CODE_LIMITS.attemptsPerCode],
    );
    if (!tried) throw new AppError(Code.codeExpired, { field: 'code' });
    if (tried.code_hash !== hashCode(code, dest, purpose)) {
      throw new AppError(Code.codeWrong, { field: 'code' });
    }
    const used = await this.db.query(
      `update verification_codes set consumed_at = now()
        where id = $1 and consumed_at is null returning id`,
      [latest.id],
    );
    if (used.length !== 1) throw new AppError(Code.sendCodeFirst, { field: 'code' });
  }
}
