import type { FastifyRequest } from 'fastify';
import { BOOK_HEADER, bookFromHeader, type Book } from '../../../contract/envelope.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../contract/languages.ts';
import type { Session } from '../auth/sessions.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';

/** What a handler knows of its caller. */
export interface RequestContext {
  session: Session | undefined;
  /** The staff member, on back-office routes. */
  staff: Staff | undefined;
  /** The bearer token as sent (logout revokes it). */
  token: string | undefined;
  /** The request's bytes, on routes that take a raw body (uploads). */
  rawBody: Buffer | undefined;
  book: Book;
  lang: Language;
  ip: string;
  userAgent: string;
}

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
