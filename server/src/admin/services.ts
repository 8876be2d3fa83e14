import type { AuditLog } from '../audit/audit-log.ts';
import type { StaffAccounts } from './staff-accounts.ts';

export interface AdminServices {
  staff: StaffAccounts;
  audit: AuditLog;
}
