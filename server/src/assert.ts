/**
 * A broken invariant where money or an engine is concerned: the process must not go on as if
 * nothing happened (TigerBeetle's TIGER_STYLE). Thrown as a plain Error, so the request answers
 * 9999 (system error) and the transaction around it rolls back.
 */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Asserts a post-condition; `message` names what broke, with the figures that show it. */
export function assert(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new InvariantError(typeof message === 'string' ? message : message());
}
