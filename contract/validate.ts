import type { z } from 'zod';
import { Code, type CodeValue } from './errors.ts';

/** The catalogue codes a field answers with when it is missing and when it is malformed. */
export interface FieldCodes {
  missing: CodeValue;
  invalid: CodeValue;
}
export type FieldCodeMap = Readonly<Record<string, FieldCodes>>;

export type Validation<T> =
  { ok: true; data: T } | { ok: false; code: CodeValue; field: string | undefined };

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Parses `input` with `schema` and turns the first problem into a catalogue code, so that the
 * app (before sending) and the server (on receipt) give the same message for the same mistake.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  fields: FieldCodeMap,
  input: unknown,
): Validation<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  const codes = field === undefined ? undefined : fields[field];
  if (codes === undefined) return { ok: false, code: Code.badRequest, field };
  const raw =
    typeof input === 'object' && input !== null && field !== undefined
      ? (input as Record<string, unknown>)[field]
      : undefined;
  return { ok: false, code: isBlank(raw) ? codes.missing : codes.invalid, field };
}
