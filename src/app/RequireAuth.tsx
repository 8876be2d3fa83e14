import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionStore } from '../state/session.ts';
import { useStore } from '../state/store.ts';

/** SPEC §6: visitors are sent to /pass/login, and come back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLogin } = useStore(sessionStore);
  const location = useLocation();
  if (!isLogin) {
    // Signing out navigates away first: the address bar is already elsewhere while the router
    // still renders this page (navigations commit in a transition). Wait for it, do not redirect.
    if (window.location.pathname !== location.pathname) return null;
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/pass/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}
