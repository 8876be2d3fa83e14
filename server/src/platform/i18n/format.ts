import { trimDecimal } from '../../../../contract/decimal.ts';
import { LANGUAGE_TAGS, type Language } from '../../../../contract/languages.ts';

/**
 * Figures and dates in a language's own way, for what the server writes itself (a PDF), by the
 * app's rules (src/lib/format.ts, src/lib/time.ts): the language's separators, Latin digits in
 * every language (as the screens show them), a decimal's digits exactly as recorded.
 */
export class LocaleFormat {
  private readonly grouping: Intl.NumberFormat;
  private readonly point: string;
  private readonly day: Intl.DateTimeFormat;
  private readonly moment: Intl.DateTimeFormat;

  constructor(language: Language, timeZone: string) {
    const tag = LANGUAGE_TAGS[language];
    this.grouping = new Intl.NumberFormat(tag, { useGrouping: true, numberingSystem: 'latn' });
    this.point = this.grouping.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    // A calendar day is no instant: it is formatted as itself, in UTC, never shifted a day.
    this.day = new Intl.DateTimeFormat(tag, {
      dateStyle: 'long',
      timeZone: 'UTC',
      numberingSystem: 'latn',
    });
    this.moment = new Intl.DateTimeFormat(tag, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone,
      numberingSystem: 'latn',
    });
  }

  /** A decimal string grouped ("1,005.5", "1.005,5", "1 005,5"), never through a float. */
  decimal(value: string): string {
    const negative = value.startsWith('-');
    const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
    const grouped = this.grouping.format(BigInt(whole));
    return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${this.point}${fraction}`}`;
  }

  /**
   * An amount of an asset, as the screens show one (src/lib/format.ts formatAmount): exact,
   * trailing zeros dropped, grouped ("1,005 USDT", never "1,005.000000 USDT").
   */
  amount(value: string): string {
    return this.decimal(trimDecimal(value));
  }

  /** A calendar day, `YYYY-MM-DD` ("5 December 2026", "2026年12月5日"). */
  calendarDay(day: string): string {
    const [y, m, d] = day.split('-').map(Number);
    return this.day.format(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  }

  /** An instant (ISO 8601) as a date and time in the time zone given. */
  instant(iso: string): string {
    return this.moment.format(new Date(iso));
  }
}
