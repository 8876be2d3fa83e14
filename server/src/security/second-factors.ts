import { Code } from '../../../contract/errors.ts';
import type { SecondFactor, SecurityStatus } from '../../../contract/security/schemas.ts';
import { AppError } from '../errors.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { open, seal, type Keyring } from '../platform/files/envelope.ts';
import { throttleKey, type LoginThrottle } from '../platform/security/login-throttle.ts';
import { verifyPassword } from '../platform/security/passwords.ts';
import { newToken, sha256 } from '../platform/security/tokens.ts';
import { TOTP_SECRETS } from './sealed.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpUri,
} from './totp.ts';

/** How long withdrawals wait after a security change, and a sign-in's second step lives. */
export const SECURITY_TIMES = { holdHours: 24, ticketMinutes: 5 } as const;

interface SealedRow {
  master_key_id: string;
  wrapped_key: Buffer;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  confirmed_at: Date | null;
}

/** The envelope's binding of a secret to its person: a row copied to another fails its tag. */
const sealedId = (userId: number) => TOTP_SECRETS.sealedId(String(userId));

/**
 * Authenticator codes and recovery codes (docs/security.md): enrolment, the one check every
 * protected step makes (`verify`), and the withdrawal hold a security change starts. Tries are
 * counted per account in the login counters before any code is checked, so concurrent guesses
 * are counted one after another; a code is accepted once per 30-second step.
 */
export class SecondFactors {
  constructor(
    private readonly db: Database,
    private readonly keyring: Keyring,
    private readonly throttle: LoginThrottle,
    private readonly now: () => number,
  ) {}

  async status(userId: number): Promise<SecurityStatus> {
    const [row] = await this.db.query<{ totp: boolean; left: number; held: Date | null }>(
      `select exists (select 1 from totp_authenticators
                       where user_id = u.id and confirmed_at is not null) as totp,
              (select count(*)::int from recovery_codes
                where user_id = u.id and used_at is null) as left,
              case when u.withdrawals_held_until > $2 then u.withdrawals_held_until end as held
         from users u where u.id = $1`,
      [userId, new Date(this.now())],
    );
    if (row === undefined) throw new AppError(Code.unauthorized, null, 401);
    return {
      totp: row.totp,
      recoveryCodesLeft: row.totp ? row.left : 0,
      withdrawalsHeldUntil: row.held === null ? null : row.held.toISOString(),
    };
  }

  async hasFactor(q: Queryable, userId: number): Promise<boolean> {
    const rows = await q.query(
      'select 1 from totp_authenticators where user_id = $1 and confirmed_at is not null',
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * A new secret, replacing an unconfirmed one; refused while one is on. An account with a
   * password proves it first (counted like a password change), so a stolen session cannot put
   * its own authenticator on the account; a wallet or Google account has none to give.
   */
  async beginTotp(
    userId: number,
    account: string,
    password: string | undefined,
  ): Promise<{ secret: string; uri: string }> {
    const [user] = await this.db.query<{ password_hash: string | null }>(
      'select password_hash from users where id = $1',
      [userId],
    );
    const hash = user?.password_hash ?? null;
    if (hash !== null) {
      const ok = await this.throttle.attempt(
        throttleKey('password-change', userId),
        undefined,
        async () => password !== undefined && verifyPassword(password, hash),
      );
      if (!ok) throw new AppError(Code.passwordWrong, { field: 'password' });
    }
    const secret = newTotpSecret();
    const s = seal(this.keyring, sealedId(userId), Buffer.from(secret, 'utf8'));
    const rows = await this.db.query(
      `insert into totp_authenticators (user_id, master_key_id, wrapped_key, iv, tag, ciphertext)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id) do update set master_key_id = excluded.master_key_id,
         wrapped_key = excluded.wrapped_key, iv = excluded.iv, tag = excluded.tag,
         ciphertext = excluded.ciphertext, last_step = 0, created_at = now()
         where totp_authenticators.confirmed_at is null
       returning 1`,
      [userId, s.masterKeyId, s.wrappedKey, s.iv, s.tag, s.ciphertext],
    );
    if (rows.length === 0) throw new AppError(Code.secondFactorOn);
    return { secret, uri: totpUri(secret, account) };
  }

  /** The first code turns it on and answers ten recovery codes, shown this once. */
  async confirmTotp(userId: number, code: string): Promise<string[]> {
    const [row] = await this.db.query<SealedRow>(
      'select * from totp_authenticators where user_id = $1',
      [userId],
    );
    if (row === undefined) throw new AppError(Code.secondFactorNotStarted);
    if (row.confirmed_at !== null) throw new AppError(Code.secondFactorOn);
    const step = await this.tried(userId, async () => this.stepOf(userId, row, code));
    if (step === undefined) throw new AppError(Code.secondFactorWrong, { field: 'code' });
    return this.db.transaction(async (tx) => {
      // The secret the code was checked against: not one a second begin put in meanwhile.
      const on = await tx.query(
        `update totp_authenticators set confirmed_at = $2, last_step = $3
          where user_id = $1 and confirmed_at is null and ciphertext = $4 returning 1`,
        [userId, new Date(this.now()), step, row.ciphertext],
      );
      if (on.length === 0) throw new AppError(Code.secondFactorNotStarted);
      return this.replaceRecoveryCodes(tx, userId);
    });
  }

  /** Off, with the second factor: recovery codes and trusted devices go, withdrawals wait. */
  async disableTotp(userId: number, proof: SecondFactor): Promise<void> {
    await this.verify(userId, proof);
    await this.db.transaction(async (tx) => {
      await tx.query('delete from totp_authenticators where user_id = $1', [userId]);
      await tx.query('delete from recovery_codes where user_id = $1', [userId]);
      await tx.query('delete from trusted_devices where user_id = $1', [userId]);
      await this.holdWithdrawals(tx, userId);
    });
  }

  async newRecoveryCodes(userId: number, proof: SecondFactor): Promise<string[]> {
    await this.verify(userId, proof);
    return this.db.transaction((tx) => this.replaceRecoveryCodes(tx, userId));
  }

  /**
   * The check of every protected step: throws 10236 when the person has no second factor,
   * 10231 when the proof is wrong, already used or for a later step, 10102 past the tries.
   */
  async verify(userId: number, proof: SecondFactor): Promise<void> {
    const [row] = await this.db.query<SealedRow>(
      'select * from totp_authenticators where user_id = $1 and confirmed_at is not null',
      [userId],
    );
    if (row === undefined) throw new AppError(Code.secondFactorOff);
    const ok = await this.tried(userId, async () => {
      if ('recoveryCode' in proof) return this.useRecoveryCode(userId, proof.recoveryCode);
      const step = this.stepOf(userId, row, proof.totp);
      if (step === undefined) return false;
      // Taken once: a replay of the same code (or an older one) in its step changes no row.
      const taken = await this.db.query(
        `update totp_authenticators set last_step = $2
          where user_id = $1 and confirmed_at is not null and last_step < $2 returning 1`,
        [userId, step],
      );
      return taken.length === 1;
    });
    if (!ok) throw new AppError(Code.secondFactorWrong, { field: 'secondFactor' });
  }

  /** Withdrawals wait SECURITY_TIMES.holdHours from now (a reset, a factor removed). */
  async holdWithdrawals(tx: Queryable, userId: number): Promise<void> {
    await tx.query(
      `update users set withdrawals_held_until = greatest(coalesce(withdrawals_held_until, $2), $2)
        where id = $1`,
      [userId, new Date(this.now() + SECURITY_TIMES.holdHours * 3_600_000)],
    );
  }

  /** Refuses a withdrawal while a hold runs (10235, with its end). */
  async refuseIfHeld(q: Queryable, userId: number): Promise<void> {
    const [row] = await q.query<{ until: Date | null }>(
      'select withdrawals_held_until as until from users where id = $1',
      [userId],
    );
    const until = row?.until ?? null;
    if (until !== null && until.getTime() > this.now()) {
      throw new AppError(Code.withdrawalsHeld, { until: until.toISOString() });
    }
  }

  // --- the sign-in's second step ---

  /**
   * After a right password: passes a trusted device or an account without a second factor;
   * otherwise answers 10230 with a single-use ticket for `completeSignIn`.
   */
  async requireForSignIn(userId: number, device: string | undefined): Promise<void> {
    if (!(await this.hasFactor(this.db, userId))) return;
    const deviceHash = device === undefined ? null : sha256(`device:${device}`);
    if (deviceHash !== null) {
      const known = await this.db.query(
        `update trusted_devices set last_seen = now()
          where user_id = $1 and device_hash = $2 returning 1`,
        [userId, deviceHash],
      );
      if (known.length === 1) return;
    }
    const ticket = newToken();
    await this.db.query(
      `insert into sign_in_tickets (user_id, token_hash, device_hash, expires_at)
       values ($1, $2, $3, $4)`,
      [
        userId,
        sha256(ticket),
        deviceHash,
        new Date(this.now() + SECURITY_TIMES.ticketMinutes * 60_000),
      ],
    );
    await this.db.query("delete from sign_in_tickets where expires_at < now() - interval '1 day'");
    throw new AppError(Code.secondFactorRequired, { ticket });
  }

  /**
   * The ticket's person once the proof holds; the ticket is used up then (a wrong code keeps
   * it, within its tries), and the device it was issued to is trusted from now on.
   */
  async completeSignIn(ticket: string, proof: SecondFactor): Promise<number> {
    const hash = sha256(ticket);
    const live = `token_hash = $1 and used_at is null and expires_at > $2`;
    const [row] = await this.db.query<{ user_id: number; device_hash: string | null }>(
      `select user_id, device_hash from sign_in_tickets where ${live}`,
      [hash, new Date(this.now())],
    );
    if (row === undefined) throw new AppError(Code.signInTicketExpired, { field: 'ticket' });
    const userId = Number(row.user_id);
    await this.verify(userId, proof);
    await this.db.transaction(async (tx) => {
      const used = await tx.query(
        `update sign_in_tickets set used_at = now() where ${live} returning 1`,
        [hash, new Date(this.now())],
      );
      if (used.length === 0) throw new AppError(Code.signInTicketExpired, { field: 'ticket' });
      if (row.device_hash !== null) {
        await tx.query(
          `insert into trusted_devices (user_id, device_hash) values ($1, $2)
           on conflict (user_id, device_hash) do update set last_seen = now()`,
          [userId, row.device_hash],
        );
      }
    });
    return userId;
  }

  // --- inside ---

  private stepOf(userId: number, row: SealedRow, code: string): number | undefined {
    const secret = open(this.keyring, sealedId(userId), {
      masterKeyId: row.master_key_id,
      wrappedKey: row.wrapped_key,
      iv: row.iv,
      tag: row.tag,
      ciphertext: row.ciphertext,
    }).toString('utf8');
    return matchingStep(secret, code, this.now());
  }

  /** One try on the account's second-factor counter (5 per 15 minutes), then `check`. */
  private async tried<T>(userId: number, check: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    await this.throttle.attempt(throttleKey('second-factor', userId), undefined, async () => {
      result = await check();
      return result !== undefined && result !== false;
    });
    return result as T;
  }

  private async useRecoveryCode(userId: number, typed: string): Promise<boolean> {
    const hash = recoveryCodeHash(typed);
    if (hash === undefined) return false;
    const used = await this.db.query(
      `update recovery_codes set used_at = now()
        where user_id = $1 and code_hash = $2 and used_at is null returning 1`,
      [userId, hash],
    );
    return used.length === 1;
  }

  private async replaceRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.query('delete from recovery_codes where user_id = $1', [userId]);
    await tx.query(
      `insert into recovery_codes (user_id, code_hash) select $1, h from unnest($2::text[]) h`,
      [userId, codes.map((c) => recoveryCodeHash(c))],
    );
    return codes;
  }
}
