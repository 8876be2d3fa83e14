import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy.ts';
import { Outlet, useLocation } from 'react-router-dom';
import { layout } from '../lib/layout.ts';
import { sessionStore } from '../state/session.ts';
import { useStore } from '../state/store.ts';
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

const Chrome = lazyPart(loadChrome);

/**
 * Picks the desktop or mobile shell (SPEC §2) around the current screen; `notices` (messages
 * a signed-in person must see on any screen) come with it.
 */
export function Shell({ notices }: { notices?: ReactNode }) {
  const { pathname } = useLocation();
  const { isLogin } = useStore(sessionStore);
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
      {isLogin && <Suspense fallback={null}>{notices}</Suspense>}
    </>
  );
}
