import { currentLocaleTag } from '../i18n/i18n.ts';

/**
 * Groups the whole part of a decimal string for display without turning it into a float, so
 * the digits shown are exactly the recorded price. Digits stay Latin in every language (as
 * trading screens in Arabic show them), with the language's separators.
 */
export function formatDecimal(value: string | null): string {
  if (value === null) return '—';
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = new Intl.NumberFormat(currentLocaleTag(), {
    useGrouping: true,
    numberingSystem: 'latn',
  }).format(BigInt(whole));
  const decimal =
    new Intl.NumberFormat(currentLocaleTag(), { numberingSystem: 'latn' })
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.';
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/**
 * A large figure the way each language shortens it (5.61 B, 56.1億, 5,61 Mrd.), three
 * significant digits, Latin digits like every other figure in the app.
 */
export function formatCompact(value: string | number, locale = currentLocaleTag()): string {
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumSignificantDigits: 3,
    numberingSystem: 'latn',
  }).format(Number(value));
}
