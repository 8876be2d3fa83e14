import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { perSession, readJson, writeJson } from '../state/store.ts';

/** react-router's own key, so positions saved before this component existed still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Last scroll position of each history entry (location.key), kept across reloads of the tab. */
const positions = readJson<Record<string, number>>(perSession, STORAGE_KEY, {});

/**
 * What react-router's <ScrollRestoration> does, for the declarative router (it needs a data
 * router): back and forward restore the entry's position, a link to #id scrolls to it, any other
 * navigation starts at the top.
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const entry = useRef(location.key);

  // Recorded as it happens: by the time a navigation commits, the old page is already gone.
  useEffect(() => {
    const record = () => {
      positions[entry.current] = window.scrollY;
    };
    const persist = () => {
      record();
      writeJson(perSession, STORAGE_KEY, positions);
      window.history.scrollRestoration = 'auto';
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    entry.current = location.key;
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash === '' ? null : document.getElementById(hashId(location.hash));
    if (target === null) window.scrollTo(0, 0);
    else target.scrollIntoView();
  }, [location.key, location.hash, navigationType]);

  return null;
}

function hashId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
