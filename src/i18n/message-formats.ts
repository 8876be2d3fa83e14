import type { i18n } from 'i18next';
import { formatAmount, formatDecimal } from '../lib/format.ts';
import { formatDateTime, formatDay } from '../lib/time.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The formats a message names for its figures (`{{amount, amount}}`, `{{price, number}}`,
 * `{{at, datetime}}`), so a figure reads the same in every screen and notice whatever its
 * caller passed: a decimal string or a timestamp from the server is formatted here, and a
 * value already formatted passes unchanged. src/i18n/messages.test.ts holds every locale to it.
 */
export const MESSAGE_FORMATS = {
  /** An asset's amount: exact, trailing zeros dropped, grouped (formatAmount). */
  amount: (value: unknown) =>
    typeof value === 'string' && DECIMAL.test(value) ? formatAmount(value) : String(value),
  /** A price or a quantity: every digit kept, grouped (formatDecimal). */
  number: (value: unknown) =>
    typeof value === 'string' && DECIMAL.test(value) ? formatDecimal(value) : String(value),
  /** A moment (an ISO timestamp or ms) in the reader's zone, or a calendar day. */
  datetime: (value: unknown) => {
    if (typeof value === 'number') return formatDateTime(new Date(value).toISOString());
    if (typeof value !== 'string') return String(value);
    if (DAY.test(value)) return formatDay(value);
    return MOMENT.test(value) ? formatDateTime(value) : value;
  },
} as const;

const registered = new WeakSet<i18n>();

/** Adds the formats to i18next once (every screen's load asks). */
export function registerMessageFormats(i18next: i18n): void {
  if (registered.has(i18next)) return;
  registered.add(i18next);
  for (const [name, format] of Object.entries(MESSAGE_FORMATS)) {
    i18next.services.formatter?.add(name, format);
  }
}
