import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type * as auth from '../../../contract/auth/schemas.ts';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import type { Destination, VerificationCodes } from './codes.ts';
import { throttleKey, type LoginThrottle } from '../platform/security/login-throttle.ts';
import {
  hashPassword,
  verifyAgainstDecoy,
  verifyPassword,
} from '../platform/security/passwords.ts';
import type { Session, Sessions } from './sessions.ts';
import { toUserInfo, type UserRow, type UserRowWithPassword } from './user-row.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join(
    '',
  );
}

export function phoneDestination(areaCode: string, phone: string): Destination {
  return { channel: 'sms', address: `${areaCode}${phone}` };
}

/**
 * What a sign-in must pass after the password (the security capability's): the second factor
 * on a device it has not vouched for, which it answers with 10230 and a ticket.
 */
export interface SignInGuard {
  requireForSignIn(userId: number, device: string | undefined): Promise<void>;
  /** A password reset: withdrawals wait for a while (docs/security.md). */
  holdWithdrawals(tx: Queryable, userId: number): Promise<void>;
}

/** Registration, sign-in and passwords. */
export class Accounts {
  constructor(
    private readonly db: Database,
    private readonly sessions: Sessions,
    private readonly codes: VerificationCodes,
    private readonly throttle: LoginThrottle,
    private readonly guard: SignInGuard,
  ) {}

  async exists(query: z.output<typeof auth.checkAccountQuery>): Promise<boolean> {
    let rows: unknown[];
    if (query.type === 'username') {
      rows = await this.db.query('select 1 from users where lower(username) = lower($1)', [
        query.value,
      ]);
    } else if (query.type === 'email') {
      rows = await this.db.query('select 1 from users where lower(email) = $1', [query.value]);
    } else {
      rows = await this.db.query('select 1 from users where area_code = $1 and phone = $2', [
        query.areaCode,
        query.value,
      ]);
    }
    return rows.length > 0;
  }

  /** Where a code for this e-mail or phone goes, and whether an account already uses it. */
  private async contact(c: { email: string } | { areaCode: string; phone: string }) {
    if ('email' in c) {
      const dest: Destination = { channel: 'email', address: c.email };
      return { dest, taken: await this.exists({ type: 'email', value: c.email }) };
    }
    const dest = phoneDestination(c.areaCode, c.phone);
    return {
      dest,
      taken: await this.exists({ type: 'phone', areaCode: c.areaCode, value: c.phone }),
    };
  }

  async sendCode(body: z.output<typeof auth.sendCodeBody>, lang: Language) {
    const { dest, taken } = await this.contact(body);
    if (body.purpose === 'register' && taken) throw new AppError(Code.emailOrPhoneExists);
    return this.codes.issue(dest, body.purpose, lang, body.purpose === 'register' || taken);
  }

  async register(body: z.output<typeof auth.registerBody>, client: ClientInfo) {
    if (await this.exists({ type: 'username', value: body.username })) {
      throw new AppError(Code.usernameExists, { field: 'username' });
    }
    const { dest, taken } = await this.contact(body);
    if (taken) throw new AppError(Code.emailOrPhoneExists, { field: body.method });
    let invitedBy: number | null = null;
    if (body.inviteCode !== undefined) {
      const [inviter] = await this.db.query<{ id: number }>(
        'select id from users where invite_code = $1',
        [body.inviteCode],
      );
      if (!inviter) throw new AppError(Code.inviteCodeWrong, { field: 'inviteCode' });
      invitedBy = inviter.id;
    }
    const passwordHash = await hashPassword(body.password);
    await this.codes.consume(dest, 'register', body.code);
    return this.db.transaction(async (tx) => {
      const user = await this.insertUser(tx, body, passwordHash, invitedBy);
      const session = await this.sessions.create(tx, user.id, client);
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        userInfo: toUserInfo(user, 'demo'),
      };
    });
  }

  private async insertUser(
    tx: Queryable,
    body: z.output<typeof auth.registerBody>,
    passwordHash: string,
    invitedBy: number | null,
  ): Promise<UserRow> {
    try {
      const [user] = await tx.query<UserRow>(
        `insert into users (username, email, area_code, phone, password_hash, invite_code, invited_by)
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [
          body.username,
          body.method === 'email' ? body.email : null,
          body.method === 'phone' ? body.areaCode : null,
          body.method === 'phone' ? body.phone : null,
          passwordHash,
          newInviteCode(),
          invitedBy,
        ],
      );
      if (!user) throw new Error('insert returned no row');
      return user;
    } catch (err) {
      // Lost a race with a concurrent registration of the same name or address.
      const constraint = (err as { constraint?: string }).constraint ?? String(err);
      if (constraint.includes('users_username_key')) throw new AppError(Code.usernameExists);
      if (/users_(email|phone)_key/.test(constraint)) throw new AppError(Code.emailOrPhoneExists);
      throw err;
    }
  }

  async login(body: z.output<typeof auth.loginBody>, client: ClientInfo) {
    const typed = body.account.toLowerCase();
    const [user] = await this.db.query<UserRowWithPassword>(
      `select * from users where ${typed.includes('@') ? 'lower(email)' : 'lower(username)'} = $1`,
      [typed],
    );
    const ok = await this.throttle.attempt(
      throttleKey('user', user?.id ?? typed),
      client.ip,
      // An account opened by wallet or Google has no password: it answers like a wrong one.
      () =>
        user && user.password_hash !== null
          ? verifyPassword(body.password, user.password_hash)
          : verifyAgainstDecoy(body.password),
    );
    if (!user || !ok) throw new AppError(Code.passwordWrong);
    if (user.status !== 'active') throw new AppError(Code.userStatusAbnormal);
    await this.guard.requireForSignIn(user.id, body.device);
    return this.signIn(user.id, client);
  }

  /** A new session of an active person (a password sign-in, or its second step). */
  async signIn(userId: number, client: ClientInfo): Promise<auth.LoginResult> {
    const [user] = await this.db.query<UserRow>('select * from users where id = $1', [userId]);
    if (user === undefined || user.status !== 'active') {
      throw new AppError(Code.userStatusAbnormal);
    }
    const session = await this.db.transaction((tx) => this.sessions.create(tx, user.id, client));
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      userInfo: toUserInfo(user, 'demo'),
    };
  }

  userInfo(session: Session, book: Book): auth.UserInfo {
    return toUserInfo(session.user, book);
  }

  /** Reset by e-mail code: every session of the account is revoked. */
  async resetPassword(body: { email: string; code: string; password: string }) {
    const [user] = await this.db.query<UserRowWithPassword>(
      'select * from users where lower(email) = $1',
      [body.email],
    );
    // Hashed before the code is used up, so a busy refusal does not cost the person their code.
    const passwordHash = await hashPassword(body.password);
    await this.codes.consume({ channel: 'email', address: body.email }, 'reset', body.code);
    // A code can only exist for a registered address (codes.issue); this guards the race.
    if (!user) throw new AppError(Code.noMatchingUser);
    await this.db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $1 where id = $2', [passwordHash, user.id]);
      await this.sessions.revokeAllOf(tx, user.id);
      await this.guard.holdWithdrawals(tx, user.id);
    });
    this.sessions.forgetUser(user.id);
    await this.throttle.clear(throttleKey('user', user.id));
  }

  /** Change when signed in: the other sessions are revoked, this one stays. */
  async changePassword(
    userId: number,
    sessionId: number,
    body: { oldPassword: string; password: string },
  ) {
    const [user] = await this.db.query<UserRowWithPassword>('select * from users where id = $1', [
      userId,
    ]);
    if (!user) throw new AppError(Code.unauthorized, null, 401);
    // Counted per account before hashing: a stolen session cannot try old passwords at will.
    const ok = await this.throttle.attempt(
      throttleKey('password-change', user.id),
      undefined,
      async () =>
        user.password_hash !== null && verifyPassword(body.oldPassword, user.password_hash),
    );
    if (!ok) throw new AppError(Code.passwordWrong, { field: 'oldPassword' });
    if (body.oldPassword === body.password) {
      throw new AppError(Code.samePassword, { field: 'password' });
    }
    const passwordHash = await hashPassword(body.password, 'first');
    await this.db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $1 where id = $2', [passwordHash, user.id]);
      await this.sessions.revokeAllOf(tx, user.id, sessionId);
      await this.guard.holdWithdrawals(tx, user.id);
    });
    this.sessions.forgetUser(user.id);
  }
}
