import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { UnavailablePage, type Capability } from '../features/unavailable/UnavailablePage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Shell } from './Shell.tsx';

const HomePage = lazy(() => import('../features/home/HomePage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const ResetPage = lazy(() => import('../features/auth/ResetPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const SettingsPage = lazy(() => import('../features/profile/SettingsPage.tsx'));
const ChangePasswordPage = lazy(() => import('../features/profile/ChangePasswordPage.tsx'));
const LanguagePage = lazy(() => import('../features/profile/LanguagePage.tsx'));
const AboutPage = lazy(() => import('../features/profile/AboutPage.tsx'));
const HelpPage = lazy(() => import('../features/help/HelpPage.tsx'));
const HelpListPage = lazy(() => import('../features/help/HelpListPage.tsx'));
const DetailPage = lazy(() => import('../features/help/DetailPage.tsx'));
const IntroductionPage = lazy(() => import('../features/help/IntroductionPage.tsx'));
const MarketPage = lazy(() => import('../features/market/MarketPage.tsx'));
const MarketDetailPage = lazy(() => import('../features/market/MarketDetailPage.tsx'));

const guarded = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const later = (capability: Capability) => <UnavailablePage capability={capability} />;

/** Every route of SPEC §2 (plus the account sub-screens it implies); unknown paths go to /. */
export const appRoutes = [
  { path: '/', element: <HomePage /> },
  { path: '/market', element: <MarketPage /> },
  { path: '/cruuency', element: <MarketDetailPage /> },
  { path: '/trading', element: guarded(later('trading')) },
  { path: '/loan', element: guarded(later('loan')) },
  { path: '/nfts', element: guarded(later('nfts')) },
  { path: '/profile', element: guarded(<ProfilePage />) },
  { path: '/profile/balance', element: guarded(later('balances')) },
  { path: '/profile/balancebb', element: guarded(later('coinBalances')) },
  { path: '/profile/kefu', element: guarded(later('support')) },
  { path: '/profile/qiandao', element: guarded(later('checkIn')) },
  { path: '/profile/invite', element: guarded(later('invite')) },
  { path: '/profile/notification', element: guarded(later('notifications')) },
  { path: '/profile/settings', element: guarded(<SettingsPage />) },
  { path: '/profile/password', element: guarded(<ChangePasswordPage />) },
  { path: '/profile/language', element: <LanguagePage /> },
  { path: '/profile/about', element: <AboutPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/help/faq', element: <HelpListPage kind="faq" /> },
  { path: '/help/notice', element: <HelpListPage kind="notice" /> },
  { path: '/pass/register', element: <RegisterPage /> },
  { path: '/pass/login', element: <LoginPage /> },
  { path: '/pass/reset', element: <ResetPage /> },
  { path: '/detail', element: <DetailPage /> },
  { path: '/introduction', element: <IntroductionPage /> },
  { path: '/api/loginCallback/google', element: later('googleSignIn') },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const router = createBrowserRouter([{ element: <Shell />, children: appRoutes }]);
