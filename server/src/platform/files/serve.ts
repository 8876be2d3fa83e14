import type { ServedFile } from './files.ts';

/**
 * What a stored file is served with: its stored type (never sniffed, never guessed), shown
 * inline, and a policy under which, opened on its own, it can run nothing, load nothing and be
 * framed by no one: it is a picture and only that.
 */
export const SERVED_FILE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

/** A file read through the kernel, as a file route's answer (Registrar.file). */
export function fileAnswer(file: ServedFile): {
  type: string;
  body: Buffer;
  headers: Readonly<Record<string, string>>;
} {
  return { type: file.mime, body: file.bytes, headers: SERVED_FILE_HEADERS };
}
