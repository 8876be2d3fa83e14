import { createHash } from 'node:crypto';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { isUniqueViolation } from './db/unique-violation.ts';

/**
 * Request replay, one way for every money call (an order, an option, a spot order, a deposit,
 * a withdrawal): a request key is the person's (each capability's table is unique on
 * (user, key)), and the row it made stores the hash of the book and the whole body. The same
 * key again with that hash is a replay and answers the first row; with anything else (another
 * body, or the same body in the other book) it answers 10134 and changes nothing.
 */

/** The hash a money call's row stores: its book and every field of its body but the key. */
export function requestHash(book: Book, body: { key: string }): string {
  const { key: _key, ...rest } = body;
  return createHash('sha256')
    .update(JSON.stringify({ book, body: rest }))
    .digest('hex');
}

/**
 * The row a key made, when `stored` (found by person and key) is this very request; undefined
 * when the key is new; 10134 when the key was used for another request.
 */
export function replayOf<T extends { body_hash: string | null }>(
  stored: T | undefined,
  hash: string,
): T | undefined {
  if (stored === undefined) return undefined;
  if (stored.body_hash !== hash) throw new AppError(Code.requestKeyReused);
  return stored;
}

/**
 * Runs `attempt`, which inserts a row unique per person and request key. When a concurrent
 * twin with the same key committed first, the insert trips that key, and the answer is what
 * the twin made (or 10134 from `twin` when it was another request).
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
