import { page, type AppRoute } from '../../lib/routing.ts';

const InvitePage = page(() => import('./InvitePage.tsx'));

export const invitesRoutes: AppRoute[] = [
  { path: '/profile/invite', element: <InvitePage />, guarded: true, page: InvitePage },
];
