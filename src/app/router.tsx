import { Suspense } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { authRoutes, LoginPage } from '../features/auth/routes.tsx';
import { securityRoutes } from '../features/security/routes.tsx';
import { contentRoutes } from '../features/content/routes.tsx';
import { fundsRoutes } from '../features/funds/routes.tsx';
import { KycBadge, kycRoutes } from '../features/kyc/routes.tsx';
import { loansRoutes } from '../features/loans/routes.tsx';
import { marketRoutes } from '../features/market/routes.tsx';
import { nftsRoutes } from '../features/nfts/routes.tsx';
import { rewardsRoutes } from '../features/rewards/routes.tsx';
import { invitesRoutes } from '../features/invites/routes.tsx';
import { notificationsRoutes } from '../features/notifications/routes.tsx';
import { plansRoutes } from '../features/plans/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { SpotLink, spotRoutes } from '../features/spot/routes.tsx';
import {
  MarketOrders,
  TradeNotices,
  TradePanel,
  tradingRoutes,
} from '../features/trading/routes.tsx';
import { supportRoutes } from '../features/support/routes.tsx';
import { page, type AppRoute } from '../lib/routing.ts';
import { sessionStore } from '../state/session.ts';
import { Spinner } from '../ui/EmptyState.tsx';
import { homeRoutes } from './home/routes.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { SessionExpiryRedirect } from './SessionExpiryRedirect.tsx';
import { Shell } from './Shell.tsx';

const AdminApp = page(() => import('./admin/AdminApp.tsx'));

/**
 * Every route of SPEC §2 (plus the account sub-screens it implies), from the features that own
 * them; unknown paths go to /.
 */
const appRoutes: AppRoute[] = [
  ...homeRoutes,
  // The market's detail page trades through the trading feature's panel, composed here, and
  // leads to the spot order book of an instrument that is a spot pair (as its list rows do).
  ...marketRoutes({
    trade: (instrument) => <TradePanel instrument={instrument} />,
    // Under the chart: the person's orders there, then the spot link (not under the panel,
    // which grows as it loads and would push it down the screen).
    activity: (instrument) => (
      <>
        <MarketOrders instrument={instrument} />
        <SpotLink place="market" code={instrument.code} />
      </>
    ),
    rowAction: (code) => <SpotLink place="row" code={code} />,
  }),
  ...supportRoutes,
  ...plansRoutes,
  ...loansRoutes,
  ...nftsRoutes,
  ...rewardsRoutes,
  ...invitesRoutes,
  ...notificationsRoutes,
  // The profile's identity entry shows the verification status, from the KYC feature.
  ...profileRoutes({ identityBadge: <KycBadge /> }),
  ...kycRoutes,
  ...fundsRoutes({ coinAction: (asset) => <SpotLink place="coin" asset={asset} /> }),
  // My orders lists spot orders too, from the spot feature.
  ...tradingRoutes({ spotOrders: <SpotLink place="orders" /> }),
  ...spotRoutes,
  ...authRoutes,
  ...securityRoutes,
  ...contentRoutes,
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The back office has its own sign-in and shell (src/app/admin), outside the user app. */
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
          <Route element={<Shell notices={<TradeNotices />} />}>
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
