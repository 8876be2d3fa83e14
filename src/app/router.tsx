import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { loadScreenLocales } from '../i18n/i18n.ts';
import { sessionStore } from '../state/session.ts';
import { Spinner } from '../ui/EmptyState.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { SessionExpiryRedirect } from './SessionExpiryRedirect.tsx';
import { Shell } from './Shell.tsx';

/** A screen whose code is fetched on first use, or earlier through `preload` (see preloadPage). */
interface Page {
  preload(): Promise<unknown>;
}

/**
 * A lazy screen. Its code and the locale files most screens share (SCREEN_NAMESPACES) are
 * fetched side by side; home, which needs only the start-up files, passes `startUpLocales`.
 */
function page<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  locales: 'startUpLocales' | 'screenLocales' = 'screenLocales',
): ComponentType<Props> & Page {
  const loadWithLocales =
    locales === 'startUpLocales'
      ? load
      : () => Promise.all([load(), loadScreenLocales()]).then(([module]) => module);
  return Object.assign(lazy(loadWithLocales), { preload: loadWithLocales });
}

const HomePage = page(() => import('../features/home/HomePage.tsx'), 'startUpLocales');
const LoginPage = page(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = page(() => import('../features/auth/RegisterPage.tsx'));
const ResetPage = page(() => import('../features/auth/ResetPage.tsx'));
const ProfilePage = page(() => import('../features/profile/ProfilePage.tsx'));
const SettingsPage = page(() => import('../features/profile/SettingsPage.tsx'));
const ChangePasswordPage = page(() => import('../features/profile/ChangePasswordPage.tsx'));
const LanguagePage = page(() => import('../features/profile/LanguagePage.tsx'));
const AboutPage = page(() => import('../features/profile/AboutPage.tsx'));
const HelpPage = page(() => import('../features/help/HelpPage.tsx'));
const HelpListPage = page(() => import('../features/help/HelpListPage.tsx'));
const DetailPage = page(() => import('../features/help/DetailPage.tsx'));
const IntroductionPage = page(() => import('../features/help/IntroductionPage.tsx'));
const MarketPage = page(() => import('../features/market/MarketPage.tsx'));
const MarketDetailPage = page(() => import('../features/market/MarketDetailPage.tsx'));
const BalancePage = page(() => import('../features/funds/BalancePage.tsx'));
const CoinAccountsPage = page(() => import('../features/funds/CoinAccountsPage.tsx'));
const DepositPage = page(() => import('../features/funds/DepositPage.tsx'));
const WithdrawPage = page(() => import('../features/funds/WithdrawPage.tsx'));
const FundingRecordsPage = page(() => import('../features/funds/FundingRecordsPage.tsx'));
const TransactionsPage = page(() => import('../features/funds/TransactionsPage.tsx'));
const GoogleCallbackPage = page(() => import('../features/auth/GoogleCallbackPage.tsx'));
const SignInMethodsPage = page(() => import('../features/auth/SignInMethodsPage.tsx'));
const AdminApp = page(() => import('../features/admin/AdminApp.tsx'));
const UnavailablePage = page(() => import('../features/unavailable/UnavailablePage.tsx'));
const NftsPage = page(() => import('../features/nfts/NftsPage.tsx'));

interface AppRoute {
  path: string;
  element: ReactNode;
  /** The lazy screen the element shows, so its code can be fetched before the first render. */
  page?: Page;
  /** Signed-in people only (SPEC §6): visitors are sent to log in. */
  guarded?: true;
}

/** Every route of SPEC §2 (plus the account sub-screens it implies); unknown paths go to /. */
const appRoutes: AppRoute[] = [
  { path: '/', element: <HomePage />, page: HomePage },
  { path: '/market', element: <MarketPage />, page: MarketPage },
  { path: '/cruuency', element: <MarketDetailPage />, page: MarketDetailPage },
  {
    path: '/trading',
    element: <UnavailablePage capability="trading" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/loan',
    element: <UnavailablePage capability="loan" />,
    guarded: true,
    page: UnavailablePage,
  },
  { path: '/nfts', element: <NftsPage />, page: NftsPage },
  { path: '/profile', element: <ProfilePage />, guarded: true, page: ProfilePage },
  { path: '/profile/balance', element: <BalancePage />, guarded: true, page: BalancePage },
  {
    path: '/profile/balancebb',
    element: <CoinAccountsPage />,
    guarded: true,
    page: CoinAccountsPage,
  },
  { path: '/profile/deposit', element: <DepositPage />, guarded: true, page: DepositPage },
  { path: '/profile/withdraw', element: <WithdrawPage />, guarded: true, page: WithdrawPage },
  {
    path: '/profile/records',
    element: <FundingRecordsPage />,
    guarded: true,
    page: FundingRecordsPage,
  },
  {
    path: '/profile/transactions',
    element: <TransactionsPage />,
    guarded: true,
    page: TransactionsPage,
  },
  {
    path: '/profile/kefu',
    element: <UnavailablePage capability="support" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/profile/qiandao',
    element: <UnavailablePage capability="checkIn" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/profile/invite',
    element: <UnavailablePage capability="invite" />,
    guarded: true,
    page: UnavailablePage,
  },
  {
    path: '/profile/notification',
    element: <UnavailablePage capability="notifications" />,
    guarded: true,
    page: UnavailablePage,
  },
  { path: '/profile/settings', element: <SettingsPage />, guarded: true, page: SettingsPage },
  {
    path: '/profile/sign-ins',
    element: <SignInMethodsPage />,
    guarded: true,
    page: SignInMethodsPage,
  },
  {
    path: '/profile/password',
    element: <ChangePasswordPage />,
    guarded: true,
    page: ChangePasswordPage,
  },
  { path: '/profile/language', element: <LanguagePage />, page: LanguagePage },
  { path: '/profile/about', element: <AboutPage />, page: AboutPage },
  { path: '/help', element: <HelpPage />, page: HelpPage },
  { path: '/help/faq', element: <HelpListPage kind="faq" />, page: HelpListPage },
  { path: '/help/notice', element: <HelpListPage kind="notice" />, page: HelpListPage },
  { path: '/pass/register', element: <RegisterPage />, page: RegisterPage },
  { path: '/pass/login', element: <LoginPage />, page: LoginPage },
  { path: '/pass/reset', element: <ResetPage />, page: ResetPage },
  { path: '/detail', element: <DetailPage />, page: DetailPage },
  { path: '/introduction', element: <IntroductionPage />, page: IntroductionPage },
  { path: '/api/loginCallback/google', element: <GoogleCallbackPage />, page: GoogleCallbackPage },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The back office has its own sign-in and shell (src/features/admin), outside the user app. */
const adminRoute: AppRoute = {
  path: '/admin/*',
  element: (
    <Suspense fallback={<Spinner />}>
      <AdminApp />
    </Suspense>
  ),
  page: AdminApp,
};

/**
 * Fetches the code of the screen at `pathname` (for a visitor at a guarded path, of the log-in
 * screen it leads to), so the first render can wait for it alongside the app's start-up instead
 * of showing a spinner and fetching it after. Never fails: a failed load is retried and
 * reported by the screen itself.
 */
export function preloadPage(pathname: string): Promise<void> {
  const route = [adminRoute, ...appRoutes].find(
    ({ path }) => path !== '*' && matchPath(path, pathname) !== null,
  );
  const screen = route?.guarded && !sessionStore.get().isLogin ? LoginPage : route?.page;
  return (screen?.preload() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

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
            {appRoutes.map(({ path, element, guarded }) => (
              <Route
                key={path}
                path={path}
                element={guarded ? <RequireAuth>{element}</RequireAuth> : element}
              />
            ))}
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}
