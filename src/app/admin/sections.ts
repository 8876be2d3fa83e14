import { matchPath } from 'react-router-dom';
import type { StaffRole } from '../../../contract/admin/schemas.ts';
import type { RouteName } from '../../../contract/routes.ts';
import { roleMayCall } from '../../api/staff-session.ts';
import { adminRoutes } from '../../features/admin/routes.tsx';
import { contentAdminRoutes } from '../../features/content/admin/routes.tsx';
import { fundsAdminRoutes } from '../../features/funds/admin/routes.tsx';
import { kycAdminRoutes } from '../../features/kyc/admin/routes.tsx';
import { loansAdminRoutes } from '../../features/loans/admin/routes.tsx';
import { nftsAdminRoutes } from '../../features/nfts/admin/routes.tsx';
import { rewardsAdminRoutes } from '../../features/rewards/admin/routes.tsx';
import { supportAdminRoutes } from '../../features/support/admin/routes.tsx';
import { plansAdminRoutes } from '../../features/plans/admin/routes.tsx';
import { spotAdminRoutes } from '../../features/spot/admin/routes.tsx';
import type { AdminRoute } from '../../lib/routing.ts';

/**
 * Every back-office screen, from the features that own them: the shell composes their admin
 * route tables the way src/app/router.tsx composes their user routes.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...fundsAdminRoutes,
  ...kycAdminRoutes,
  ...adminRoutes,
  ...contentAdminRoutes,
  ...spotAdminRoutes,
  ...plansAdminRoutes,
  ...loansAdminRoutes,
  ...nftsAdminRoutes,
  ...rewardsAdminRoutes,
  ...supportAdminRoutes,
];

/** The navigation's order, by `nav` name; a section not named here comes last. */
const NAVIGATION = [
  'deposits',
  'withdrawals',
  'kyc',
  'loans',
  'users',
  'params',
  'plans',
  'loanProducts',
  'nftSales',
  'rewards',
  'support',
  'supportTools',
  'maker',
  'audit',
  'staff',
];

export interface Section {
  name: string;
  path: string;
  gate: RouteName;
}

export function adminPath(route: AdminRoute): string {
  return route.path === '' ? '/admin' : `/admin/${route.path}`;
}

const rank = (name: string) => {
  const at = NAVIGATION.indexOf(name);
  return at < 0 ? NAVIGATION.length : at;
};

/** The back office's sections, in the order of the navigation. */
const SECTIONS: readonly Section[] = ADMIN_ROUTES.flatMap((route) =>
  route.nav === undefined ? [] : [{ name: route.nav, path: adminPath(route), gate: route.gate }],
).sort((a, b) => rank(a.name) - rank(b.name));

export function allowedSections(role: StaffRole): Section[] {
  return SECTIONS.filter((s) => roleMayCall(role, s.gate));
}

/**
 * Where a staff member lands after signing in: the first section the role may open. Every role
 * may search users today; a role with no section would see the refusal there, not a loop.
 */
export function homePath(role: StaffRole): string {
  return allowedSections(role)[0]?.path ?? '/admin/users';
}

/** Whether the role may open the back-office page at `path` (false for unknown paths). */
export function mayOpen(role: StaffRole, path: string): boolean {
  const route = ADMIN_ROUTES.find((r) => matchPath(adminPath(r), path) !== null);
  return route !== undefined && roleMayCall(role, route.gate);
}
