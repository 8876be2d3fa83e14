import { useRef } from 'react';
import { ApiError } from '../api/client.ts';
import { newRequestKey } from './request-key.ts';

/**
 * The idempotency key of a money form. A submission whose answer was lost (timeout, network)
 * is sent again under the same key, so the server acts once; any answer ends the key.
 */
export function useRequestKey() {
  const pending = useRef<string | null>(null);
  return {
    next(): string {
      pending.current ??= newRequestKey();
      return pending.current;
    },
    settle(err?: unknown) {
      const lost = err instanceof ApiError && (err.code === -1 || err.code === -2);
      if (!lost) pending.current = null;
    },
  };
}
