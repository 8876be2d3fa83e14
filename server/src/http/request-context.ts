import type { FastifyRequest } from 'fastify';
import { BOOK_HEADER, bookFromHeader, type Book } from '../../../contract/envelope.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../contract/languages.ts';
import type { Session } from '../auth/sessions.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import type { RouteAuth } from '../../../contract/route-def.ts';

/** What every handler knows of its request. */
interface BaseContext {
  /** The bearer token as sent (logout revokes it). */
  token: string | undefined;
  book: Book;
  lang: Language;
  ip: string;
  userAgent: string;
}

/** Routes open to visitors (`auth: 'none' | 'optional'`): the session when one was sent. */
export interface RequestContext extends BaseContext {
  session: Session | undefined;
}

/** Routes declared `auth: 'session'`: the gate has already refused callers without one. */
export interface SessionContext extends BaseContext {
  session: Session;
}

/** Back-office routes (`auth: 'staff'`): the staff member, whose role the route allows. */
export interface StaffContext extends BaseContext {
  staff: Staff;
}

/** The context a route's handler gets, from what the route declares. */
export type ContextOf<A extends RouteAuth> = A extends 'session'
  ? SessionContext
  : A extends 'staff'
    ? StaffContext
    : RequestContext;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  return header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
}

/** `lang` query or body field, then the `Accept-Language` header's first match, then zh. */
export function requestLanguage(request: FastifyRequest, explicit: unknown): Language {
  if (isLanguage(explicit)) return explicit;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  for (const tag of accepted) {
    if (tag === 'zh-hk' || tag === 'zh-tw' || tag === 'zh-hant') return 'hk';
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function bookOf(request: FastifyRequest): Book {
  const raw = request.headers[BOOK_HEADER];
  return bookFromHeader(Array.isArray(raw) ? raw[0] : raw);
}
