import { page, type AppRoute } from '../../lib/routing.ts';

const ProfilePage = page(() => import('./ProfilePage.tsx'));
const SettingsPage = page(() => import('./SettingsPage.tsx'));
const LanguagePage = page(() => import('./LanguagePage.tsx'));

export const profileRoutes: AppRoute[] = [
  { path: '/profile', element: <ProfilePage />, guarded: true, page: ProfilePage },
  { path: '/profile/settings', element: <SettingsPage />, guarded: true, page: SettingsPage },
  { path: '/profile/language', element: <LanguagePage />, page: LanguagePage },
];
