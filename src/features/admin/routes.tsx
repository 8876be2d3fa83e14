import type { AdminRoute } from '../../lib/routing.ts';
import AuditPage from './AuditPage.tsx';
import StaffPage from './StaffPage.tsx';
import UsersPage from './UsersPage.tsx';

/**
 * The back office's own capability: finding users, the audit log and staff accounts. Its
 * screens are all back-office ones, so this table is its routes.tsx (other features keep theirs
 * in admin/routes.tsx beside their user routes).
 */
export const adminRoutes: AdminRoute[] = [
  { path: 'users', element: <UsersPage />, gate: 'searchUsers', nav: 'users' },
  { path: 'audit', element: <AuditPage />, gate: 'listAudit', nav: 'audit' },
  { path: 'staff', element: <StaffPage />, gate: 'createStaff', nav: 'staff' },
];
