import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/EmptyState.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { SessionExpiryRedirect } from './SessionExpiryRedirect.tsx';
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
const BalancePage = lazy(() => import('../features/funds/BalancePage.tsx'));
const CoinAccountsPage = lazy(() => import('../features/funds/CoinAccountsPage.tsx'));
const DepositPage = lazy(() => import('../features/funds/DepositPage.tsx'));
const WithdrawPage = lazy(() => import('../features/funds/WithdrawPage.tsx'));
const FundingRecordsPage = lazy(() => import('../features/funds/FundingRecordsPage.tsx'));
const TransactionsPage = lazy(() => import('../features/funds/TransactionsPage.tsx'));
const GoogleCallbackPage = lazy(() => import('../features/auth/GoogleCallbackPage.tsx'));
const AdminApp = lazy(() => import('../features/admin/AdminApp.tsx'));
const UnavailablePage = lazy(() => import('../features/unavailable/UnavailablePage.tsx'));
const NftsPage = lazy(() => import('../features/nfts/NftsPage.tsx'));

const guarded = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** Every route of SPEC §2 (plus the account sub-screens it implies); unknown paths go to /. */
const appRoutes = [
  { path: '/', element: <HomePage /> },
  { path: '/market', element: <MarketPage /> },
  { path: '/cruuency', element: <MarketDetailPage /> },
  { path: '/trading', element: guarded(<UnavailablePage capability="trading" />) },
  { path: '/loan', element: guarded(<UnavailablePage capability="loan" />) },
  { path: '/nfts', element: <NftsPage /> },
  { path: '/profile', element: guarded(<ProfilePage />) },
  { path: '/profile/balance', element: guarded(<BalancePage />) },
  { path: '/profile/balancebb', element: guarded(<CoinAccountsPage />) },
  { path: '/profile/deposit', element: guarded(<DepositPage />) },
  { path: '/profile/withdraw', element: guarded(<WithdrawPage />) },
  { path: '/profile/records', element: guarded(<FundingRecordsPage />) },
  { path: '/profile/transactions', element: guarded(<TransactionsPage />) },
  { path: '/profile/kefu', element: guarded(<UnavailablePage capability="support" />) },
  { path: '/profile/qiandao', element: guarded(<UnavailablePage capability="checkIn" />) },
  { path: '/profile/invite', element: guarded(<UnavailablePage capability="invite" />) },
  {
    path: '/profile/notification',
    element: guarded(<UnavailablePage capability="notifications" />),
  },
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
  { path: '/api/loginCallback/google', element: <GoogleCallbackPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The back office has its own sign-in and shell (src/features/admin), outside the user app. */
const adminRoute = {
  path: '/admin/*',
  element: (
    <Suspense fallback={<Spinner />}>
      <AdminApp />
    </Suspense>
  ),
};

/** The back office first, then every user screen inside the desktop or mobile shell. */
export function AppRoutes() {
  const { key } = useLocation();
  return (
    <>
      <SessionExpiryRedirect />
      <RouteErrorBoundary locationKey={key}>
        <Routes>
          <Route path={adminRoute.path} element={adminRoute.element} />
          <Route element={<Shell />}>
            {appRoutes.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}
