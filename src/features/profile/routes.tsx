import type { ReactNode } from 'react';
import { page, type AppRoute } from '../../lib/routing.ts';

const ProfilePage = page(() => import('./ProfilePage.tsx'));
const SettingsPage = page(() => import('./SettingsPage.tsx'));
const LanguagePage = page(() => import('./LanguagePage.tsx'));

/** What src/app plugs into the profile from other features. */
export interface ProfileSlots {
  /** Beside the "Identity verification" entry: the person's verification status. */
  identityBadge?: ReactNode;
}

export const profileRoutes = ({ identityBadge }: ProfileSlots = {}): AppRoute[] => [
  {
    path: '/profile',
    element: <ProfilePage identityBadge={identityBadge} />,
    guarded: true,
    page: ProfilePage,
  },
  { path: '/profile/settings', element: <SettingsPage />, guarded: true, page: SettingsPage },
  { path: '/profile/language', element: <LanguagePage />, page: LanguagePage },
];
