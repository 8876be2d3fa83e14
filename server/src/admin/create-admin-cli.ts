import { parseArgs } from 'node:util';
import { createStaffBody } from '../../../contract/admin/schemas.ts';
import { LoginThrottle } from '../platform/security/login-throttle.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/open-database.ts';
import { AuditLog } from '../audit/audit-log.ts';
import { StaffAccounts } from './staff-accounts.ts';

/**
 * `npm run create-admin -- --username NAME` with the password in ADMIN_PASSWORD: creates the
 * first admin (README). Refuses once any staff account exists; later staff are created in /admin.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' } } });
  const parsed = createStaffBody.safeParse({
    username: values.username,
    password: process.env.ADMIN_PASSWORD,
    role: 'admin',
  });
  if (!parsed.success) {
    throw new ConfigError(
      'Usage: ADMIN_PASSWORD=... npm run create-admin -- --username NAME\n' +
        '(username: 3-32 letters, digits, "_", "." or "-"; password: 12-128 characters with a letter and a digit)',
    );
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const audit = new AuditLog(db);
    const staff = new StaffAccounts(db, new LoginThrottle(db), audit);
    const admin = await staff.createFirstAdmin(parsed.data);
    if (admin === undefined) {
      throw new ConfigError('A staff account already exists: create more staff in /admin.');
    }
    console.info(`Created admin "${admin.username}" (id ${admin.id}). Sign in at /admin/login.`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
