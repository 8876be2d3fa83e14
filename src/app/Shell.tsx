import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/EmptyState.tsx';
import { DesktopShell } from './DesktopShell.tsx';
import { layout } from './layout.ts';
import { MobileShell } from './MobileShell.tsx';
import { BARE_PATHS, NO_NAV_PATHS } from './navigation.ts';

/** Picks the desktop or mobile shell (SPEC §2) around the current screen. */
export function Shell() {
  const { pathname } = useLocation();
  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  if (NO_NAV_PATHS.includes(pathname)) return <main className="shell-main">{page}</main>;
  const bare = BARE_PATHS.includes(pathname);
  const ShellFor = layout === 'mobile' ? MobileShell : DesktopShell;
  return (
    <>
      <ScrollRestoration />
      <ShellFor bare={bare}>{page}</ShellFor>
    </>
  );
}
