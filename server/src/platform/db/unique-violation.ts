/** Whether `err` is a unique violation of the named constraint (PGlite and PostgreSQL). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
}
