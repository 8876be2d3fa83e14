import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

/** A request's body without its key, hashed: a replay must repeat the body exactly. */
export function bodyHash(body: { key: string }): string {
  const { key: _key, ...rest } = body;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/**
 * Runs `attempt`, which inserts a row unique per person and request key. When a concurrent
 * twin with the same key committed first, the insert trips that key, and the answer is what
 * the twin made.
 */
export async function firstOfTwins<T>(
  attempt: () => Promise<T>,
  twin: () => Promise<T | undefined>,
): Promise<{ value: T; fresh: boolean }> {
  try {
    return { value: await attempt(), fresh: true };
  } catch (err) {
    if (isUniqueViolation(err, 'request_key')) {
      const made = await twin();
      if (made !== undefined) return { value: made, fresh: false };
    }
    throw err;
  }
}
