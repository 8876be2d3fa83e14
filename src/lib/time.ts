import { currentLocaleTag } from '../i18n/locale-tag.ts';

/** A record's time in the reader's language, with Latin digits like the amounts beside it. */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocaleTag(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
  }).format(new Date(iso));
}

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

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (ms since the epoch) in the reader's language and time zone, with the zone named
 * ("Mon, 1 Dec, 14:30 GMT+1"): when a closed market opens, to the minute.
 */
export function formatZonedDateTime(ms: number): string {
  const tag = currentLocaleTag();
  let format = zonedFormatters.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      numberingSystem: 'latn',
    });
    zonedFormatters.set(tag, format);
  }
  return format.format(new Date(ms));
}

const tickFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A price tick's time (ms since the epoch) to the millisecond, in the current language with
 * Latin digits: a settlement is replayed from the exact tick, so two ticks a second apart differ.
 */
export function formatTickTime(ms: number): string {
  const tag = currentLocaleTag();
  let format = tickFormatters.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      numberingSystem: 'latn',
    });
    tickFormatters.set(tag, format);
  }
  return format.format(new Date(ms));
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD, a day in some zone) as the reader says it: "5 Dec 2026". */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const tag = currentLocaleTag();
  let format = dayFormatters.get(tag);
  if (format === undefined) {
    // The date is already the zone's: formatted at noon UTC, it reads as that day everywhere.
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormatters.set(tag, format);
  }
  return format.format(Date.UTC(y, m - 1, d, 12));
}
