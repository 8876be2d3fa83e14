import type { Staff, StaffRole } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { throttleKey, type LoginThrottle } from '../platform/security/login-throttle.ts';
import {
  hashPassword,
  verifyAgainstDecoy,
  verifyPassword,
} from '../platform/security/passwords.ts';
import { newToken, sha256 } from '../platform/security/tokens.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import type { AuditLog } from '../audit/audit-log.ts';

/** Staff sessions end after a working day; they are never cached, so a revocation is immediate. */
const STAFF_SESSION_HOURS = 8;

interface StaffRow {
  id: number;
  username: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  password_hash: string;
}

function toStaff(r: Pick<StaffRow, 'id' | 'username' | 'role'>): Staff {
  return { id: Number(r.id), username: r.username, role: r.role };
}

/** Back-office accounts: separate from users, with their own sign-in, sessions and roles. */
export class StaffAccounts {
  constructor(
    private readonly db: Database,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditLog,
  ) {}

  /** Creates a staff account; `by` is null only for the first admin made from the command line. */
  async create(
    by: Staff | null,
    input: { username: string; password: string; role: StaffRole },
  ): Promise<Staff> {
    const hash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const [taken] = await tx.query('select 1 from staff where lower(username) = lower($1)', [
        input.username,
      ]);
      if (taken !== undefined) throw new AppError(Code.usernameExists, { field: 'username' });
      const [row] = await tx.query<StaffRow>(
        'insert into staff (username, password_hash, role) values ($1, $2, $3) returning id, username, role',
        [input.username, hash, input.role],
      );
      if (row === undefined) throw new Error('staff insert returned no row');
      const staff = toStaff(row);
      await this.audit.append(tx, by, {
        action: 'staff.create',
        target: `staff:${staff.id}`,
        after: { username: staff.username, role: staff.role },
      });
      return staff;
    });
  }

  /**
   * Creates the first admin, only while no staff account exists (the create-admin command and
   * BOOTSTRAP_ADMIN_*); undefined when there already is one.
   */
  async createFirstAdmin(input: {
    username: string;
    password: string;
  }): Promise<Staff | undefined> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from staff');
    if ((row?.n ?? 0) > 0) return undefined;
    return this.create(null, { ...input, role: 'admin' });
  }

  async login(
    input: { username: string; password: string },
    ip: string,
  ): Promise<{ token: string; expiresAt: string; staff: Staff }> {
    const [row] = await this.db.query<StaffRow>(
      'select id, username, role, status, password_hash from staff where lower(username) = lower($1)',
      [input.username],
    );
    // The 'staff' realm: user sign-ins can never count against a staff account.
    const ok = await this.throttle.attempt(
      throttleKey('staff', row?.id ?? input.username),
      ip,
      () =>
        row
          ? verifyPassword(input.password, row.password_hash)
          : verifyAgainstDecoy(input.password),
    );
    if (!row || !ok) throw new AppError(Code.passwordWrong);
    if (row.status !== 'active') throw new AppError(Code.userStatusAbnormal);
    const token = newToken();
    const expiresAt = new Date(Date.now() + STAFF_SESSION_HOURS * 3_600_000);
    const staff = toStaff(row);
    await this.db.transaction(async (tx) => {
      await tx.query(
        'insert into staff_sessions (staff_id, token_hash, expires_at) values ($1, $2, $3)',
        [staff.id, sha256(token), expiresAt],
      );
      await this.audit.append(tx, staff, {
        action: 'staff.login',
        target: `staff:${staff.id}`,
        after: { ip },
      });
    });
    return { token, expiresAt: expiresAt.toISOString(), staff };
  }

  async resolve(token: string): Promise<Staff | undefined> {
    if (token.length < 20 || token.length > 100) return undefined;
    const [row] = await this.db.query<StaffRow>(
      `select s.id, s.username, s.role from staff_sessions x join staff s on s.id = x.staff_id
        where x.token_hash = $1 and x.revoked_at is null and x.expires_at > now() and s.status = 'active'`,
      [sha256(token)],
    );
    return row === undefined ? undefined : toStaff(row);
  }

  async logout(staff: Staff, token: string): Promise<void> {
    await this.db.transaction(async (tx: Queryable) => {
      await tx.query('update staff_sessions set revoked_at = now() where token_hash = $1', [
        sha256(token),
      ]);
      await this.audit.append(tx, staff, { action: 'staff.logout', target: `staff:${staff.id}` });
    });
  }
}
