import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Database } from '../platform/db/database.ts';
import type { LoginThrottle } from '../platform/security/login-throttle.ts';
import { adminRoutes } from './admin-routes.ts';
import { StaffAccounts } from './staff-accounts.ts';
import type { AdminServices } from './services.ts';

export interface AdminNeeds {
  db: Database;
  audit: AuditLog;
  throttle: LoginThrottle;
  authRateLimit: number;
}

export type AdminModule = Capability & AdminServices;

/** Staff accounts, their sessions and roles, and the append-only audit log. */
export function adminModule({ db, audit, throttle, authRateLimit }: AdminNeeds): AdminModule {
  const services = { staff: new StaffAccounts(db, throttle, audit), audit };
  return { name: 'admin', ...services, routes: (r) => adminRoutes(r, services, authRateLimit) };
}
