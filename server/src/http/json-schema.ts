import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A contract schema as JSON Schema (OpenAPI 3.0 dialect: `nullable` rather than type arrays),
 * for the /docs document and the answers' serializers alike.
 */
export function jsonSchemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
}
