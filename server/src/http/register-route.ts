import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../../contract/errors.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import type { RouteDef } from '../../../contract/routes.ts';
import type { Session } from '../auth/sessions.ts';
import { validate } from '../../../contract/validate.ts';
import type { Services } from '../services.ts';
import { AppError } from '../errors.ts';
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

/** Resolves the caller (user or staff, as the route asks) and validates every part of the request. */
async function prepare<D extends RouteDef>(
  services: Services,
  def: D,
  request: FastifyRequest,
): Promise<{ input: HandlerInput<D>; ctx: RequestContext }> {
  const token = bearerToken(request);
  let session: Session | undefined;
  let staff: Staff | undefined;
  if (def.auth === 'staff') {
    staff = token === undefined ? undefined : await services.staff.resolve(token);
    if (staff === undefined) throw new AppError(Code.unauthorized, null, 401);
    if (!(def.roles ?? []).includes(staff.role)) throw new AppError(Code.staffForbidden, null, 403);
  } else {
    session = token === undefined ? undefined : await services.sessions.resolve(token);
    if (def.auth === 'session' && session === undefined) {
      throw new AppError(Code.unauthorized, null, 401);
    }
  }
  const input = {
    query: check(def.query, def, request.query),
    body: def.rawBody ? undefined : check(def.body, def, request.body),
    params: check(def.params, def, request.params),
  } as HandlerInput<D>;
  const raw = (request.query ?? {}) as { lang?: unknown };
  const bodyLang = (def.rawBody ? {} : (request.body ?? {})) as { lang?: unknown };
  const ctx: RequestContext = {
    session,
    staff,
    token,
    book: bookOf(request),
    lang: requestLanguage(request, raw.lang ?? bodyLang.lang),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    rawBody: def.rawBody && Buffer.isBuffer(request.body) ? request.body : undefined,
  };
  return { input, ctx };
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
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { input, ctx } = await prepare(services, def, request);
      const result = await handler(input, ctx);
      // Answers are the caller's own and some carry a session token (login, register, wallet
      // and Google sign-in or linking, staff login): no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store');
      return { code: Code.ok, result: result ?? null };
    },
  });
}

/** A file an answer carries instead of an envelope (CSV export, a proof image). */
export interface FileAnswer {
  type: string;
  body: Buffer | string;
  /** Sent as an attachment under this name; shown inline otherwise. */
  filename?: string;
}

/** Registers a contract route whose answer is a file (`rawResult`); refusals stay envelopes. */
export function registerFileRoute<D extends RouteDef>(
  app: FastifyInstance,
  services: Services,
  def: D,
  handler: (input: HandlerInput<D>, ctx: RequestContext) => Promise<FileAnswer>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { input, ctx } = await prepare(services, def, request);
      const file = await handler(input, ctx);
      reply
        .header('content-type', file.type)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          file.filename === undefined ? 'inline' : `attachment; filename="${file.filename}"`,
        );
      return reply.send(file.body);
    },
  });
}
