import { currentLocaleTag } from '../../i18n/i18n.ts';

/** What the person typed, tidied: a comma as the decimal mark, spaces dropped. */
export function normaliseDecimal(text: string): string {
  return text.trim().replace(/\s/g, '').replace(',', '.');
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** A trade's time of day (ms since the epoch) to the second, Latin digits like the figures. */
export function formatClock(ms: number): string {
  const tag = currentLocaleTag();
  let format = clocks.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
      numberingSystem: 'latn',
    });
    clocks.set(tag, format);
  }
  return format.format(new Date(ms));
}
