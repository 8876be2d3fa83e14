/**
 * An idempotency key for one submission of a money form: a retry of the same submission (a
 * double tap, a lost answer) reuses it, so the server acts once.
 */
export function newRequestKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
