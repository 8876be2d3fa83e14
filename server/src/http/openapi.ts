import type { z } from 'zod';
import { codeMessages } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';

function parametersOf(type: z.ZodType | undefined, where: 'query' | 'path') {
  if (type === undefined) return [];
  const schema = jsonSchemaOf(type, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
    oneOf?: unknown;
  };
  if (schema.properties === undefined) {
    // A union of shapes: describe it as one free-form object.
    return [{ name: 'query', in: where, style: 'form', explode: true, schema }];
  }
  return Object.entries(schema.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (schema.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3 document of every contract route (served at /docs). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(routes)) {
    const path = def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const op: Record<string, unknown> = {
      operationId: name,
      summary: def.summary,
      tags: [def.tag],
      parameters: [
        ...parametersOf(def.params, 'path'),
        ...parametersOf(def.query, 'query'),
        { name: 'virtually', in: 'header', schema: { type: 'string', enum: ['YES', 'NO'] } },
      ],
      responses: {
        200: {
          description: '`code` 200 with the result, or a catalogue code (see Code) with detail',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['code', 'result'],
                properties: {
                  code: { type: 'integer' },
                  result: jsonSchemaOf(def.result, 'output'),
                },
              },
            },
          },
        },
      },
    };
    if (def.upload) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      };
    }
    if (def.rawResult !== undefined) {
      op.responses = {
        200: {
          description: 'The file; a refusal is still a {code, result} envelope',
          content: { [def.rawResult]: { schema: { type: 'string', format: 'binary' } } },
        },
      };
    }
    if (def.body !== undefined) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(def.body, 'input') } },
      };
    }
    if (def.auth !== 'none') op.security = [{ token: [] }];
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Kestrel Markets API',
      version: '0.1.0',
      description: `Every answer is {code, result}. Codes:\n\n${Object.entries(codeMessages)
        .map(([c, m]) => `- ${c}: ${m}`)
        .join('\n')}`,
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey' as const, in: 'header', name: 'Authorization' },
      },
    },
    paths,
  };
}
