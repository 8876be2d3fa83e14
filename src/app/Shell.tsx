import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/EmptyState.tsx';
import { layout } from './layout.ts';
import { ScrollRestoration } from './ScrollRestoration.tsx';
import { BARE_PATHS, NO_NAV_PATHS } from './navigation.ts';

/** The layout is fixed for the visit (SPEC §2: by user agent), so only its chrome is fetched. */
export function loadChrome() {
  return layout === 'mobile'
    ? import('./MobileShell.tsx').then((module) => ({ default: module.MobileShell }))
    : import('./DesktopShell.tsx').then((module) => ({ default: module.DesktopShell }));
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
