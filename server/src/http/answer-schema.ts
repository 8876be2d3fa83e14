import type { z } from 'zod';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';

/**
 * Keywords that describe or constrain values but that no serializer needs. They are dropped:
 * `required` too, so a key a handler leaves undefined is left out, as JSON.stringify does,
 * instead of failing the answer.
 */
const DESCRIPTIVE = new Set([
  '$schema',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'required',
  'enum',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
]);
/** Keywords a serializer follows, and that fast-json-stringify follows as JSON.stringify would. */
const SHAPING = new Set(['type', 'nullable', 'properties', 'items', 'additionalProperties']);
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The part of a JSON Schema that shapes serialization, when fast-json-stringify writes every
 * value of it exactly as JSON.stringify does; undefined otherwise. Anything outside the plain
 * subset (unions, `$ref`, `default`, `const`, tuples, type lists, pattern properties) is
 * refused rather than trusted: a default is written for a missing key, and a branch picked
 * wrongly coerces a value, where JSON.stringify would do neither.
 */
function serializable(schema: JsonSchema): JsonSchema | undefined {
  if (Object.keys(schema).some((key) => !DESCRIPTIVE.has(key) && !SHAPING.has(key))) {
    return undefined;
  }
  const base: JsonSchema = schema.nullable === true ? { nullable: true } : {};
  const { type } = schema;
  if (type === undefined) {
    // Any value (z.unknown()): written by JSON.stringify, unless something else shapes it.
    const shaped = ['properties', 'items', 'additionalProperties'].some((k) => k in schema);
    return shaped ? undefined : base;
  }
  if (typeof type === 'string' && SCALARS.has(type)) return { ...base, type };
  if (type === 'array') {
    const items = isSchema(schema.items) ? serializable(schema.items) : undefined;
    return items === undefined ? undefined : { ...base, type, items };
  }
  if (type !== 'object') return undefined;
  const properties: JsonSchema = {};
  const declared = schema.properties ?? {};
  if (!isSchema(declared)) return undefined;
  for (const [name, property] of Object.entries(declared)) {
    const written = isSchema(property) ? serializable(property) : undefined;
    if (written === undefined) return undefined;
    properties[name] = written;
  }
  // A z.object() leaves out keys it does not declare, as its parse would; a record or a loose
  // object names how its other keys are written.
  const others = schema.additionalProperties ?? false;
  if (others === false) return { ...base, type, properties, additionalProperties: false };
  const extra = others === true ? {} : isSchema(others) ? serializable(others) : undefined;
  return extra === undefined
    ? undefined
    : { ...base, type, properties, additionalProperties: extra };
}

/**
 * The JSON Schema of a route's `{code, result}` answer for Fastify's compiled serializer, from
 * the contract's result schema; undefined when the result cannot be written faithfully that
 * way (the route then answers through JSON.stringify).
 */
export function answerSchemaOf(result: z.ZodType): JsonSchema | undefined {
  const written = serializable(jsonSchemaOf(result, 'output'));
  if (written === undefined) return undefined;
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, result: written },
    additionalProperties: false,
  };
}
