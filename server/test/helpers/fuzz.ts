import fc from 'fast-check';

/**
 * Arbitraries for fuzzing the API from its OpenAPI document: values shaped like a JSON Schema
 * (so a call gets past its checks and reaches its service), and hostile ones to put in them.
 */
export interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
}

/** Two request keys only, so replays and a key reused for another request come up. */
export const FUZZ_KEYS = ['fuzz-key-aaaaaaaaaaaaaaaa', 'fuzz-key-bbbbbbbbbbbbbbbb'] as const;

const HOSTILE_TEXT = [
  '',
  ' ',
  ' 10',
  '10 ',
  '\t10',
  '1e3',
  '-1',
  '0',
  '00.5',
  '１０',
  'NaN',
  '9'.repeat(400),
  `0.${'1'.repeat(40)}`,
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0085b',
  '\ud800',
  '😀'.repeat(50),
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

/** A hostile string: known troublemakers or any UTF-16 text (lone surrogates included). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any hostile JSON value: texts, numbers past every bound, wrong types, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, -1, 0, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain text of the bounds instead.
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 40) });
}

function integerOf(s: Schema): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? 1000, Number.MAX_SAFE_INTEGER);
  // Small ids and counts reach rows that exist; the bounds, and the edge of a database int
  // (the ids' columns), are tried too.
  const low = Math.min(Math.max(min, 0), max);
  const small = fc.integer({ min: low, max: Math.min(max, Math.max(low, 5)) });
  const edges = [min, max, 2 ** 31 - 1, 2 ** 31].filter((v) => v >= min && v <= max);
  return fc.oneof(small, fc.constantFrom(...edges), fc.integer({ min, max }));
}

function objectOf(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, inner] of props) {
    model[name] =
      name === 'key' && inner.type === 'string'
        ? fc.constantFrom(...FUZZ_KEYS)
        : shaped(inner, depth + 1);
  }
  return fc.record(model, { requiredKeys: s.required ?? [] });
}

/** A value of schema `s`, or close to it. */
export function shaped(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const alternatives = s.oneOf ?? s.anyOf;
  let arb: fc.Arbitrary<unknown>;
  if (alternatives !== undefined) arb = fc.oneof(...alternatives.map((a) => shaped(a, depth)));
  else if (s.enum !== undefined) arb = fc.constantFrom(...s.enum);
  else if (s.type === 'object') arb = objectOf(s, depth);
  else if (s.type === 'string') arb = stringOf(s);
  else if (s.type === 'integer' || s.type === 'number') arb = integerOf(s);
  else if (s.type === 'boolean') arb = fc.boolean();
  else if (s.type === 'array') {
    const items = shaped(s.items ?? {}, depth + 1);
    arb = fc.array(items, { maxLength: Math.min(s.maxItems ?? 3, 3) });
  } else arb = fc.jsonValue({ maxDepth: 2 });
  return s.nullable === true ? fc.option(arb, { nil: null }) : arb;
}

/**
 * A body for schema `s`: shaped, shaped with one field hostile or one field too many, or
 * anything at all.
 */
export function fuzzBody(s: Schema): fc.Arbitrary<unknown> {
  const names = Object.keys(s.properties ?? {});
  const spoiled = fc
    .tuple(shaped(s), fc.constantFrom('extra', ...names), hostileValue)
    .map(([value, name, bad]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...value, [name]: bad }
        : value,
    );
  return fc.oneof(
    { weight: 3, arbitrary: shaped(s) },
    { weight: 4, arbitrary: spoiled },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A number or flag as typed; anything else as its JSON. */
const textOf = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : String(JSON.stringify(v));

/** Text for a path segment or query value: shaped by `s`, or hostile. */
export function fuzzText(s: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: shaped(s).map((v) => (typeof v === 'string' ? v : textOf(v))) },
    { weight: 1, arbitrary: hostileText },
  );
}

/** `text` for a URL; a lone surrogate has no UTF-8 form, so it goes as the bytes it would be. */
export function urlText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
