import { Code } from '../../../../contract/errors.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashGate } from './passwords.ts';

/** Failed tries allowed in the window, per account and per address (docs/api.md). */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 30 } as const;

/** Whose tries a counter holds; each realm is its own namespace (migration 008). */
export type ThrottleRealm = 'user' | 'staff' | 'password-change' | 'second-factor';
export interface ThrottleKey {
  realm: ThrottleRealm;
  subject: string;
  /** The name is an account's (its hash is checked in the first lane of the hashing gate). */
  known: boolean;
}

/**
 * The counter of an account (its id), or of a name no account has (what was typed): a name
 * that matches nothing is counted and locked like a real one, so a lock does not tell which
 * names exist. Username and e-mail of one account share its counter.
 */
export function throttleKey(realm: ThrottleRealm, account: number | string): ThrottleKey {
  return typeof account === 'number'
    ? { realm, subject: `id:${account}`, known: true }
    : { realm, subject: `name:${account.toLowerCase()}`, known: false };
}

/**
 * Counts password tries in the database, so every API node sees the same counts. A try is
 * taken with one atomic upsert before the password is hashed, so concurrent guesses are
 * counted one after another and at most `perAccount` of them are ever checked.
 */
export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  /**
   * Takes a try on `key` (and on the address, when there is one), then runs `verify`. A right
   * password clears the account's count and gives the address its try back; a wrong one keeps
   * both. A try refused before `verify` ran, or whose `verify` threw (a busy server), is given
   * back to the address, so the address counter holds only checked, failed guesses.
   */
  async attempt(
    key: ThrottleKey,
    ip: string | undefined,
    verify: () => Promise<boolean>,
  ): Promise<boolean> {
    // A storm fills the hashing queue: its requests are refused before any database work.
    hashGate.refuseIfFull(key.known ? 'first' : 'normal');
    if (ip !== undefined) {
      const byAddress = await this.take('address', ip);
      if (byAddress.tries > THROTTLE.perAddress) {
        throw new AppError(Code.tooManyRequests, {
          retryAfterSeconds: byAddress.retryAfterSeconds,
        });
      }
    }
    const giveBack = async (account: boolean) => {
      if (ip !== undefined) await this.release('address', ip);
      if (account) await this.release(key.realm, key.subject);
    };
    const byAccount = await this.take(key.realm, key.subject);
    if (byAccount.tries > THROTTLE.perAccount) {
      await giveBack(false);
      // A signed-in person changing their password or typing a code has not failed a sign-in.
      if (key.realm === 'password-change' || key.realm === 'second-factor') {
        throw new AppError(Code.tooManyRequests, {
          retryAfterSeconds: byAccount.retryAfterSeconds,
        });
      }
      throw new AppError(Code.accountLocked);
    }
    let ok: boolean;
    try {
      ok = await verify();
    } catch (err) {
      await giveBack(true);
      throw err;
    }
    if (ok) {
      await this.clear(key);
      if (ip !== undefined) await this.release('address', ip);
    }
    return ok;
  }

  /** Forgets the account's failed tries (a right password, a reset by e-mail code). */
  async clear(key: ThrottleKey): Promise<void> {
    await this.db.query('delete from login_counters where realm = $1 and subject = $2', [
      key.realm,
      key.subject,
    ]);
    // Counters of names nobody signs in with again would otherwise stay for ever.
    await this.db.query(`delete from login_counters where window_start < now() - interval '1 day'`);
  }

  /** One more try in the current window (a new window when the last one has passed). */
  private async take(realm: ThrottleRealm | 'address', subject: string) {
    const [row] = await this.db.query<{ tries: number; retry_after: number }>(
      `insert into login_counters as c (realm, subject, tries, window_start)
       values ($1, $2, 1, now())
       on conflict (realm, subject) do update set
         tries = case when c.window_start > now() - make_interval(mins => $3) then c.tries + 1 else 1 end,
         window_start = case when c.window_start > now() - make_interval(mins => $3)
                             then c.window_start else now() end
       returning tries,
                 ceil(extract(epoch from c.window_start + make_interval(mins => $3) - now()))::int
                   as retry_after`,
      [realm, subject, THROTTLE.windowMinutes],
    );
    if (row === undefined) throw new Error('login counter upsert returned no row');
    return { tries: row.tries, retryAfterSeconds: Math.max(1, row.retry_after) };
  }

  private async release(realm: ThrottleRealm | 'address', subject: string): Promise<void> {
    await this.db.query(
      'update login_counters set tries = greatest(tries - 1, 0) where realm = $1 and subject = $2',
      [realm, subject],
    );
  }
}
