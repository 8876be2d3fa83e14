import type { z } from 'zod';
import type { StaffRole } from './admin/schemas.ts';
import type { FieldCodeMap } from './validate.ts';

/** Who may call: the literal stays in each route's type, so a handler's context follows it. */
export type RouteAuth = 'none' | 'optional' | 'session' | 'staff';

/**
 * Every HTTP call of the API: the one description the server registers, the OpenAPI
 * document is generated from, and the app's client is typed by.
 */
export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
> {
  method: 'GET' | 'POST';
  /** Fastify path syntax (`:id` for path parameters). */
  path: string;
  summary: string;
  tag: string;
  /**
   * `session`: needs a live user token; `optional`: reads one when present; `staff`: needs a
   * staff token whose role is in `roles` (server/src/admin).
   */
  auth: A;
  roles?: readonly StaffRole[];
  /**
   * The body is not JSON but a multipart form whose one file part is an upload, streamed and
   * checked by the handler (server: platform/files; app: `upload` in api/client.ts).
   */
  upload?: true;
  /** The answer is not an envelope but a file (CSV export, an image). */
  rawResult?: string;
  query?: Q;
  body?: B;
  params?: P;
  result: R;
  fields: FieldCodeMap;
}

export function route<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
>(def: RouteDef<Q, B, P, R, A>): RouteDef<Q, B, P, R, A> {
  return def;
}
