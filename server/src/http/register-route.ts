import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../../contract/errors.ts';
import type { RouteDef } from '../../../contract/routes.ts';
import { validate } from '../../../contract/validate.ts';
import type { Services } from '../services.ts';
import { AppError } from './app-error.ts';
import { bearerToken, bookOf, requestLanguage, type RequestContext } from './request-context.ts';

type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

export interface HandlerInput<D extends RouteDef> {
  query: Out<D['query']>;
  body: Out<D['body']>;
  params: Out<D['params']>;
}

export type Handler<D extends RouteDef> = (
  input: HandlerInput<D>,
  ctx: RequestContext,
) => Promise<z.input<D['result']>>;

function check(schema: z.ZodType | undefined, def: RouteDef, value: unknown): unknown {
  if (schema === undefined) return undefined;
  const v = validate(schema, def.fields, value ?? {});
  if (!v.ok) throw new AppError(v.code, v.field === undefined ? null : { field: v.field });
  return v.data;
}

/**
 * Registers one contract route: resolves the session, validates every part of the request
 * against the contract's schemas (a failure is a catalogue code, never a stack trace) and
 * wraps the handler's value in the `{code, result}` envelope.
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  services: Services,
  def: D,
  handler: Handler<D>,
  options: Pick<RouteShorthandOptions, 'config'> = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    ...options,
    handler: async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const session = token === undefined ? undefined : await services.sessions.resolve(token);
      if (def.auth === 'session' && session === undefined) {
        throw new AppError(Code.unauthorized, null, 401);
      }
      const input = {
        query: check(def.query, def, request.query),
        body: check(def.body, def, request.body),
        params: check(def.params, def, request.params),
      } as HandlerInput<D>;
      const raw = (request.query ?? {}) as { lang?: unknown };
      const bodyLang = (request.body ?? {}) as { lang?: unknown };
      const ctx: RequestContext = {
        session,
        book: bookOf(request),
        lang: requestLanguage(request, raw.lang ?? bodyLang.lang),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      };
      return { code: Code.ok, result: (await handler(input, ctx)) ?? null };
    },
  });
}
