import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { answerSchemaOf } from './answer-schema.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';

/** Contract routes with a JSON result that answer through JSON.stringify, and why. */
const GENERIC: Record<string, string> = {
  listNotification:
    "a notice is a union of every capability's kinds, which the compiled serializer cannot write",
};

/** Strings JSON must escape, or that fast-json-stringify writes by a path of its own. */
const STRINGS = [
  '',
  'plain',
  'quote " backslash \\ slash /',
  'line\nfeed\ttab\u0000nul\u001f',
  'é 中文 😀 \u2028\u2029',
  'lone \ud800 surrogate \udc00',
  `long ${'x'.repeat(60)} with "quotes" and \\`,
  'y'.repeat(6000),
];
const INTEGERS = [0, 7, -42, 2 ** 53 - 1, -(2 ** 53 - 1)];
const NUMBERS = [0, 1.5, -0.25, 1e21, 123456.789];
const ANYTHING = [null, 'text', 3.25, true, { a: [1, 'x', null], b: { c: false } }, [], {}];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value of a JSON Schema as zod writes it: nulls, empty and full arrays, every kind of key. */
function sample(schema: JsonSchema, next: () => number): unknown {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const values = Array.isArray(schema.enum) ? schema.enum.filter((v) => v !== null) : undefined;
  if (schema.nullable === true && (values?.length === 0 || next() < 0.3)) return null;
  if (values !== undefined) return pick(values);
  switch (schema.type) {
    case 'string':
      return pick(STRINGS);
    case 'integer':
      return pick(INTEGERS);
    case 'number':
      return pick(NUMBERS);
    case 'boolean':
      return next() < 0.5;
    case 'array':
      return Array.from({ length: Math.floor(next() * 4) }, () =>
        sample(schema.items as JsonSchema, next),
      );
    case 'object': {
      const required = (schema.required ?? []) as string[];
      const value: Record<string, unknown> = {};
      for (const [key, s] of Object.entries(
        (schema.properties ?? {}) as Record<string, JsonSchema>,
      )) {
        if (!required.includes(key) && next() < 0.5) continue;
        value[key] = sample(s, next);
      }
      if (typeof schema.additionalProperties === 'object') {
        for (const key of ['k1', 'k "2"']) {
          value[key] = sample(schema.additionalProperties as JsonSchema, next);
        }
      }
      return value;
    }
    default:
      return pick(ANYTHING);
  }
}

/**
 * Serializes `{code, result}` answers through Fastify's compiled serializer for the schema
 * answerSchemaOf gives, as a route registered with it does.
 */
async function compiled(
  cases: readonly { name: string; result: z.ZodType }[],
): Promise<(name: string, value: unknown) => Promise<string>> {
  const app = Fastify();
  let current: unknown;
  for (const { name, result } of cases) {
    const schema = answerSchemaOf(result);
    if (schema === undefined) continue;
    app.get(`/${name}`, { schema: { response: { 200: schema } } }, async () => ({
      code: Code.ok,
      result: current,
    }));
  }
  await app.ready();
  return async (name, value) => {
    current = value;
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    expect(res.statusCode, name).toBe(200);
    return res.body;
  };
}

const jsonRoutes = Object.entries(routes).flatMap(([name, def]) =>
  def.rawResult === undefined ? [{ name, result: def.result as z.ZodType }] : [],
);

describe("answers written by the serializer compiled from the contract's result schema", () => {
  it('cover every JSON route, except those listed as written by JSON.stringify', () => {
    const generic = jsonRoutes.filter((r) => answerSchemaOf(r.result) === undefined);
    expect(generic.map((r) => r.name).sort()).toEqual(Object.keys(GENERIC).sort());
  });

  it('write every route value exactly as JSON.stringify does', async () => {
    const serialize = await compiled(jsonRoutes);
    const next = random(12);
    for (const { name, result } of jsonRoutes) {
      if (name in GENERIC) continue;
      const schema = jsonSchemaOf(result, 'output');
      for (let i = 0; i < 30; i++) {
        const value = sample(schema, next);
        // Only values the contract accepts are answers.
        expect(result.safeParse(value).success, `${name}: ${JSON.stringify(value)}`).toBe(true);
        expect(await serialize(name, value), name).toBe(
          JSON.stringify({ code: Code.ok, result: value }),
        );
      }
    }
  });

  it('leave out keys a handler leaves undefined, as JSON.stringify does', async () => {
    const serialize = await compiled(jsonRoutes);
    const user = { id: 1, username: 'u', email: undefined, book: 'demo' };
    expect(await serialize('getUserInfo', user)).toBe(
      JSON.stringify({ code: Code.ok, result: user }),
    );
  });

  it('follow records, loose objects, optional keys and unknown values', async () => {
    const cases = [
      { name: 'record', result: z.record(z.string(), z.object({ n: z.number().nullable() })) },
      { name: 'loose', result: z.looseObject({ a: z.string() }) },
      { name: 'optional', result: z.object({ a: z.string().optional(), b: z.unknown() }) },
      { name: 'nullableList', result: z.array(z.boolean()).nullable() },
    ];
    const serialize = await compiled(cases);
    const values: [string, unknown][] = [
      ['record', { x: { n: 1.5 }, 'y "z"': { n: null } }],
      ['record', {}],
      ['loose', { a: 'a', extra: [1, { b: 2 }], skipped: undefined }],
      ['optional', { b: { deep: ['x'] } }],
      ['optional', { a: 'set', b: null }],
      ['nullableList', null],
      ['nullableList', [true, false]],
    ];
    for (const [name, value] of values) {
      expect(await serialize(name, value), name).toBe(
        JSON.stringify({ code: Code.ok, result: value }),
      );
    }
  });

  it('are refused where a compiled serializer could write something else', () => {
    const unfaithful = [
      z.union([z.string(), z.number()]),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]) }),
      z.tuple([z.string(), z.number()]),
    ];
    for (const schema of unfaithful) expect(answerSchemaOf(schema)).toBeUndefined();
  });
});
