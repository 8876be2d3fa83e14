import { Code } from '../../../contract/errors.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/** Failed sign-ins allowed in the window, per account and per address (docs/api.md). */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 30 } as const;

/** Counts failed sign-ins in the database, so every API node sees the same counts. */
export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  async check(accountKey: string, ip: string): Promise<void> {
    const [row] = await this.db.query<{ by_account: number; by_ip: number }>(
      `select count(*) filter (where account_key = $1)::int as by_account,
              count(*) filter (where ip = $2)::int as by_ip
         from login_failures
        where (account_key = $1 or ip = $2) and at > now() - make_interval(mins => $3)`,
      [accountKey, ip, THROTTLE.windowMinutes],
    );
    if (row && row.by_account >= THROTTLE.perAccount) throw new AppError(Code.accountLocked);
    if (row && row.by_ip >= THROTTLE.perAddress) {
      throw new AppError(Code.tooManyRequests, { retryAfterSeconds: THROTTLE.windowMinutes * 60 });
    }
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    await this.db.query('insert into login_failures (account_key, ip) values ($1, $2)', [
      accountKey,
      ip,
    ]);
    await this.db.query(
      `delete from login_failures where account_key = $1 and at < now() - interval '1 day'`,
      [accountKey],
    );
  }

  async clear(accountKey: string): Promise<void> {
    await this.db.query('delete from login_failures where account_key = $1', [accountKey]);
  }
}
