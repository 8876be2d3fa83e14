import { currentLocaleTag } from '../../i18n/i18n.ts';

/** What the person typed, tidied: a comma as the decimal mark, spaces dropped. */
export { tidyDecimal as normaliseDecimal } from '../../lib/decimal-input.ts';

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

/**
 * A price or quantity written to the decimals of its step ("0.0100" on a lot of 0.0001), so the
 * book's columns line up; more decimals than the step's are kept, never cut.
 */
export function toStep(value: string, step: string): string {
  const decimals = step.split('.')[1]?.length ?? 0;
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length >= decimals) return value;
  return `${whole}.${fraction.padEnd(decimals, '0')}`;
}
