import type { z } from 'zod';
import { Code, type CodeValue } from './errors.ts';

/** The catalogue codes a field answers with when it is missing and when it is malformed. */
export interface FieldCodes {
  missing: CodeValue;
  invalid: CodeValue;
  /** Multi-line text (a reason typed in a text area): tabs and line breaks are allowed. */
  multiline?: true;
}
export type FieldCodeMap = Readonly<Record<string, FieldCodes>>;

export type Validation<T> =
  { ok: true; data: T } | { ok: false; code: CodeValue; field: string | undefined };

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Control characters: C0 (NUL, tab, line breaks…), DEL and C1. */
const CONTROL = /\p{Cc}/u;
/** The same without tab, line feed and carriage return. */
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/**
 * The first top-level field (undefined for the input itself) whose text, at any depth, holds a
 * control character its field does not allow; null when there is none. Iterative, so deeply
 * nested input cannot exhaust the stack.
 */
function controlCharacterField(input: unknown, fields: FieldCodeMap): string | undefined | null {
  const top: [string | undefined, unknown][] =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? Object.entries(input)
      : [[undefined, input]];
  for (const [field, value] of top) {
    const pattern = field !== undefined && fields[field]?.multiline ? CONTROL_BUT_LINES : CONTROL;
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === 'string' && pattern.test(v)) return field;
      if (typeof v === 'object' && v !== null)
        for (const inner of Object.values(v)) stack.push(inner);
    }
  }
  return null;
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
  // Refused before the schema runs, for every field of every call: NUL cannot even be stored
  // in PostgreSQL text, and no single-line value legitimately holds a control character.
  const tainted = controlCharacterField(input, fields);
  if (tainted !== null) return { ok: false, code: Code.controlCharacters, field: tainted };
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
