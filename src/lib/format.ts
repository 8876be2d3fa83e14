import { trimDecimal } from '../../contract/decimal.ts';
import { currentLocaleTag } from '../i18n/locale-tag.ts';

/**
 * Groups the whole part of a decimal string for display without turning it into a float, so
 * the digits shown are exactly the recorded price. Digits stay Latin in every language (as
 * trading screens in Arabic show them), with the language's separators.
 */
export function formatDecimal(value: string | null): string {
  if (value === null) return '—';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const { grouping, point } = decimalFormat(currentLocaleTag());
  return `${negative ? '-' : ''}${grouping.format(BigInt(whole))}${fraction === undefined ? '' : `${point}${fraction}`}`;
}

/**
 * An amount of an asset, as every screen, notice and message shows one (issue 31): exact,
 * trailing zeros dropped, grouped with the language's separators: "1,005 USDT", never
 * "1,005.000000 USDT" in one place and "1005 USDT" in another. A price keeps its digits
 * (formatDecimal): its precision is part of what it says.
 */
export function formatAmount(value: string | null): string {
  if (value === null) return '—';
  const trimmed = trimDecimal(value);
  return formatDecimal(trimmed === '-0' ? '0' : trimmed);
}

/**
 * An Intl formatter is costly to make (tens of milliseconds on a phone, per figure, made a
 * market screen's first render a long task), so each language's is made once.
 */
const decimalFormats = new Map<string, { grouping: Intl.NumberFormat; point: string }>();
const compactFormats = new Map<string, Intl.NumberFormat>();

/** The current language's decimal mark ("." or ","). */
export function decimalPoint(): string {
  return decimalFormat(currentLocaleTag()).point;
}

/**
 * Makes the language's number formatter ahead of the first figure: called while the first
 * screen waits for its data, so that making it is not part of the render that shows them.
 */
export function prepareNumberFormats(): void {
  decimalFormat(currentLocaleTag());
}

function decimalFormat(tag: string) {
  let format = decimalFormats.get(tag);
  if (format === undefined) {
    const grouping = new Intl.NumberFormat(tag, { useGrouping: true, numberingSystem: 'latn' });
    const point = grouping.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    format = { grouping, point };
    decimalFormats.set(tag, format);
  }
  return format;
}

/**
 * A large figure the way each language shortens it (5.61 B, 56.1億, 5,61 Mrd.), three
 * significant digits, Latin digits like every other figure in the app.
 */
export function formatCompact(value: string | number, locale = currentLocaleTag()): string {
  let format = compactFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      notation: 'compact',
      maximumSignificantDigits: 3,
      numberingSystem: 'latn',
    });
    compactFormats.set(locale, format);
  }
  return format.format(Number(value));
}
