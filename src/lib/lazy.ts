import { lazy } from 'react';

/** Waits between tries of a chunk's fetch: about 15 s in all, the length of a server restart. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * Fetches a code chunk, trying again while the server is away (a restart, a dropped link): a
 * part first shown during those seconds would otherwise fail the whole screen. Vite forgets a
 * failed preload, so a retry fetches the chunk and its CSS again. The waits are bounded; the
 * last failure goes to the screen's error boundary, which offers a reload.
 */
export async function withRetries<T>(load: () => Promise<T>): Promise<T> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await load();
    } catch {
      await pause(delay);
    }
  }
  return load();
}

/** Resolves after `ms`, or as soon as the browser says it is online again. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** React.lazy over a chunk fetched `withRetries`: every lazy part of the app goes through it. */
export const lazyPart: typeof lazy = (load) => lazy(() => withRetries(load));
