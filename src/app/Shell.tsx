import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { layout } from '../lib/layout.ts';
import { Spinner } from '../ui/EmptyState.tsx';
import { ScrollRestoration } from './ScrollRestoration.tsx';
import { BARE_PATHS, NO_NAV_PATHS } from './navigation.ts';

const loadMobileChrome = () =>
  import('./MobileShell.tsx').then((module) => ({ default: module.MobileShell }));
const loadDesktopChrome = () =>
  import('./DesktopShell.tsx').then((module) => ({ default: module.DesktopShell }));

/**
 * The layout is fixed for the visit (SPEC §2: by user agent), so only its chrome is fetched.
 * One import per function: in a single conditional expression the build preloaded both
 * chromes' dependencies (the desktop footer's code on every phone).
 */
export function loadChrome() {
  return layout === 'mobile' ? loadMobileChrome() : loadDesktopChrome();
}

const Chrome = lazy(loadChrome);

/** Picks the desktop or mobile shell (SPEC §2) around the current screen. */
export function Shell() {
  const { pathname } = useLocation();
  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  if (NO_NAV_PATHS.includes(pathname)) return <main className="shell-main">{page}</main>;
  return (
    <>
      <ScrollRestoration />
      <Chrome bare={BARE_PATHS.includes(pathname)}>{page}</Chrome>
    </>
  );
}
