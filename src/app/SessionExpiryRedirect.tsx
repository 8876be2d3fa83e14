import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { watchSessionExpiry } from '../features/auth/session-sync.ts';

/**
 * Lends the router's navigate to the session-expiry watcher. Watches once for the app's
 * lifetime: navigate changes with every location, and re-watching would re-run the start check.
 */
export function SessionExpiryRedirect(): null {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  useEffect(() => watchSessionExpiry((to) => latest.current(to)), []);
  return null;
}
