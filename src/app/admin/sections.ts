import type { StaffRole } from '../../../contract/admin/schemas.ts';
import { routes } from '../../../contract/routes.ts';

/** The back office's sections, in the order of the navigation. */
export const SECTIONS = ['deposits', 'withdrawals', 'users', 'params', 'audit', 'staff'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_PATHS: Readonly<Record<Section, string>> = {
  deposits: '/admin',
  withdrawals: '/admin/withdrawals',
  users: '/admin/users',
  params: '/admin/params',
  audit: '/admin/audit',
  staff: '/admin/staff',
};

/** The route whose roles decide who may open a section: the screen follows the server's rule. */
const GATE = {
  deposits: routes.listDepositQueue,
  withdrawals: routes.listWithdrawalQueue,
  users: routes.searchUsers,
  params: routes.listParams,
  audit: routes.listAudit,
  staff: routes.createStaff,
} as const;

export function canOpen(role: StaffRole, section: Section): boolean {
  return (GATE[section].roles ?? []).includes(role);
}

/** Whether the role may make manual balance adjustments (admin only). */
export function canAdjust(role: StaffRole): boolean {
  return (routes.adjustBalance.roles ?? []).includes(role);
}

/** Whether the role may approve or reject deposits and withdrawals. */
export function canReview(role: StaffRole): boolean {
  return (routes.reviewDeposit.roles ?? []).includes(role);
}

export function allowedSections(role: StaffRole): Section[] {
  return SECTIONS.filter((s) => canOpen(role, s));
}

/** Where a staff member lands after signing in: the first section the role may open. */
export function homePath(role: StaffRole): string {
  return SECTION_PATHS[allowedSections(role)[0] ?? 'users'];
}

/** The section a back-office path belongs to; undefined for the sign-in page and unknown paths. */
export function sectionOf(path: string): Section | undefined {
  if (/^\/admin\/?$/.test(path)) return 'deposits';
  return SECTIONS.find(
    (s) =>
      s !== 'deposits' && (path === SECTION_PATHS[s] || path.startsWith(`${SECTION_PATHS[s]}/`)),
  );
}
