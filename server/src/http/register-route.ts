import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { Code } from '../../../contract/errors.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import type { RouteAuth, RouteDef } from '../../../contract/route-def.ts';
import { validate } from '../../../contract/validate.ts';
import type { Session } from '../auth/sessions.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { answerSchemaOf } from './answer-schema.ts';
import {
  bearerToken,
  bookOf,
  requestLanguage,
  type ContextOf,
  type RequestContext,
  type SessionContext,
  type StaffContext,
} from './request-context.ts';

type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

export interface HandlerInput<D extends RouteDef> {
  query: Out<D['query']>;
  body: Out<D['body']>;
  params: Out<D['params']>;
}

type AuthOf<D> =
  D extends RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer A> ? A : never;

export type Handler<D extends RouteDef> = (
  input: HandlerInput<D>,
  ctx: ContextOf<AuthOf<D>>,
) => Promise<z.input<D['result']>>;

/** How the transport learns who is calling: the auth module's sessions, the admin's staff. */
export interface CallerGate {
  session(token: string): Promise<Session | undefined>;
  staff(token: string): Promise<Staff | undefined>;
}

/** A file an answer carries instead of an envelope (CSV export, a proof image). */
export interface FileAnswer {
  type: string;
  body: Buffer | string;
  /** Sent as an attachment under this name; shown inline otherwise. */
  filename?: string;
  /** More headers, set last (a stored file's own Content-Security-Policy). */
  headers?: Readonly<Record<string, string>>;
}

/** JSON answers; Fastify adds `charset=utf-8`, as it does to the answers it serializes. */
export const JSON_TYPE = 'application/json';

/**
 * Answers are the caller's own and some carry a session token (login, register, wallet and
 * Google sign-in or linking, staff login): no browser or proxy may keep a copy.
 */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

function check(schema: z.ZodType | undefined, def: RouteDef, value: unknown): unknown {
  if (schema === undefined) return undefined;
  const v = validate(schema, def.fields, value ?? {});
  if (!v.ok) throw new AppError(v.code, v.field === undefined ? null : { field: v.field });
  return v.data;
}

/**
 * Resolves the caller as the route declares (a session route refuses callers without one, a
 * staff route callers whose role it does not allow) and validates every part of the request.
 */
async function prepare<D extends RouteDef>(
  gate: CallerGate,
  def: D,
  request: FastifyRequest,
): Promise<{ input: HandlerInput<D>; ctx: ContextOf<AuthOf<D>> }> {
  const token = bearerToken(request);
  const raw = (request.query ?? {}) as { lang?: unknown };
  // A multipart body is read by an upload's own handler, and only there (platform/files).
  if (def.upload !== true && request.isMultipart()) throw new AppError(Code.badRequest, null, 400);
  const bodyLang = (def.upload ? {} : (request.body ?? {})) as { lang?: unknown };
  const base = {
    token,
    book: bookOf(request),
    lang: requestLanguage(request, raw.lang ?? bodyLang.lang),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  };
  const auth: RouteAuth = def.auth;
  let ctx: RequestContext | SessionContext | StaffContext;
  if (auth === 'staff') {
    const staff = token === undefined ? undefined : await gate.staff(token);
    if (staff === undefined) throw new AppError(Code.unauthorized, null, 401);
    if (!(def.roles ?? []).includes(staff.role)) throw new AppError(Code.staffForbidden, null, 403);
    ctx = { ...base, staff };
  } else {
    const session = token === undefined ? undefined : await gate.session(token);
    if (auth === 'session' && session === undefined) {
      throw new AppError(Code.unauthorized, null, 401);
    }
    ctx = { ...base, session };
  }
  const input = {
    query: check(def.query, def, request.query),
    body: def.upload ? undefined : check(def.body, def, request.body),
    params: check(def.params, def, request.params),
  } as HandlerInput<D>;
  return { input, ctx: ctx as ContextOf<AuthOf<D>> };
}

/**
 * Registers contract routes on one Fastify scope (a capability's plugin): resolves the caller,
 * validates every part of the request against the contract's schemas (a failure is a catalogue
 * code, never a stack trace) and wraps the handler's value in the `{code, result}` envelope.
 */
export class Registrar {
  constructor(
    readonly app: FastifyInstance,
    private readonly gate: CallerGate,
  ) {}

  /** The same gate on a child scope (a route with its own body parser or error handler). */
  on(scope: FastifyInstance): Registrar {
    return new Registrar(scope, this.gate);
  }

  /**
   * The handler's value is written by Fastify's serializer compiled from the contract's result
   * schema where that is faithful (answer-schema.ts), by JSON.stringify otherwise.
   */
  route<D extends RouteDef>(
    def: D,
    handler: Handler<D>,
    options: Pick<RouteShorthandOptions, 'config'> = {},
  ): void {
    const answer = answerSchemaOf(def.result);
    this.app.route({
      method: def.method,
      url: def.path,
      ...options,
      ...(answer === undefined ? {} : { schema: { response: { 200: answer } } }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { input, ctx } = await prepare(this.gate, def, request);
        const result = await handler(input, ctx);
        noStore(reply);
        return { code: Code.ok, result: result ?? null };
      },
    });
  }

  /**
   * A contract route whose handler reads the request's body itself (an upload, streamed with
   * its own limit: takeUpload in platform/files/upload.ts). The caller is resolved and the
   * query and params validated first, so no byte of the body is read for a caller refused.
   */
  stream<D extends RouteDef>(
    def: D,
    handler: (
      input: HandlerInput<D>,
      ctx: ContextOf<AuthOf<D>>,
      request: FastifyRequest,
    ) => Promise<z.input<D['result']>>,
    options: Pick<RouteShorthandOptions, 'config'> = {},
  ): void {
    assert(def.upload === true, `${def.path} declares upload`);
    const answer = answerSchemaOf(def.result);
    this.app.route({
      method: def.method,
      url: def.path,
      ...options,
      ...(answer === undefined ? {} : { schema: { response: { 200: answer } } }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { input, ctx } = await prepare(this.gate, def, request);
        const result = await handler(input, ctx, request);
        noStore(reply);
        return { code: Code.ok, result: result ?? null };
      },
    });
  }

  /**
   * A contract route whose handler gives its result as JSON text already (the JSON of a value
   * of the result schema), so that it can be kept between requests: the market lists.
   */
  json<D extends RouteDef>(
    def: D,
    handler: (input: HandlerInput<D>, ctx: ContextOf<AuthOf<D>>) => Promise<string>,
  ): void {
    this.app.route({
      method: def.method,
      url: def.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { input, ctx } = await prepare(this.gate, def, request);
        const result = await handler(input, ctx);
        noStore(reply);
        return reply.type(JSON_TYPE).send(`{"code":${Code.ok},"result":${result}}`);
      },
    });
  }

  /** A contract route whose answer is a file (`rawResult`); refusals stay envelopes. */
  file<D extends RouteDef>(
    def: D,
    handler: (input: HandlerInput<D>, ctx: ContextOf<AuthOf<D>>) => Promise<FileAnswer>,
  ): void {
    this.app.route({
      method: def.method,
      url: def.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { input, ctx } = await prepare(this.gate, def, request);
        const file = await handler(input, ctx);
        reply
          .header('content-type', file.type)
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            file.filename === undefined ? 'inline' : `attachment; filename="${file.filename}"`,
          );
        if (file.headers !== undefined) reply.headers(file.headers);
        return reply.send(file.body);
      },
    });
  }
}
