import type { CodeValue } from './errors.ts';

/** Every answer of the API (SPEC §7): `code` 200 on success, a catalogue code otherwise. */
export interface Envelope<T> {
  code: CodeValue;
  result: T;
}

/**
 * Details an error answer may carry: the offending field, when to retry, and the `name` and
 * `limit` of the minimum-amount messages (10120, 10129).
 */
export type ErrorDetail = {
  field?: string;
  retryAfterSeconds?: number;
  name?: string;
  limit?: string;
  /** A sign-in's second step (10230): the ticket to finish it with. */
  ticket?: string;
  /** Until when something waits (10235), as an ISO time. */
  until?: string;
} | null;

/** The request header that picks the book (SPEC §7): NO = demo, YES = real. */
export const BOOK_HEADER = 'virtually';
export type Book = 'demo' | 'real';
export function bookFromHeader(value: string | undefined): Book {
  return value === 'YES' ? 'real' : 'demo';
}
export function headerFromBook(book: Book): 'YES' | 'NO' {
  return book === 'real' ? 'YES' : 'NO';
}
