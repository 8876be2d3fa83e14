import type { CodeValue } from './errors.ts';

/** Every answer of the API (SPEC §7): `code` 200 on success, a catalogue code otherwise. */
export interface Envelope<T> {
  code: CodeValue;
  result: T;
}

/** Details an error answer may carry: the offending field, or when to retry. */
export type ErrorDetail = { field?: string; retryAfterSeconds?: number } | null;

/** The request header that picks the book (SPEC §7): NO = demo, YES = real. */
export const BOOK_HEADER = 'virtually';
export type Book = 'demo' | 'real';
export function bookFromHeader(value: string | undefined): Book {
  return value === 'YES' ? 'real' : 'demo';
}
export function headerFromBook(book: Book): 'YES' | 'NO' {
  return book === 'real' ? 'YES' : 'NO';
}
