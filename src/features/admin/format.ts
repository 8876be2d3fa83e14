import { currentLocaleTag } from '../../i18n/i18n.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A server timestamp in the current language, to the second (reviews and audits need it). */
export function formatDateTime(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const tag = currentLocaleTag();
  let format = formatters.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium' });
    formatters.set(tag, format);
  }
  return format.format(date);
}

/** Before/after values of an audit entry as one line of JSON. */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A long hash or address shortened in the middle; the full text stays in a title. */
export function middleEllipsis(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/** The number of pages for `total` items, at least one. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** An idempotency key for one submission of a money form (contract: 16-64 of [A-Za-z0-9_-]). */
export function newRequestKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
