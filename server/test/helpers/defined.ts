/** `value`, which the test's own set-up guarantees; a missing one fails the test by name. */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
