import { currentLocaleTag } from '../../i18n/i18n.ts';

/**
 * A queue's wait (hours, as the server reports them) in the reader's language with its unit:
 * minutes under an hour ("12 minutes"; never "0 hours"), else hours to one decimal.
 */
export function formatWait(hours: number, unitDisplay: 'long' | 'short' = 'long'): string {
  const tag = currentLocaleTag();
  const minutes = Math.round(hours * 60);
  const [unit, value] =
    minutes < 60 ? (['minute', Math.max(1, minutes)] as const) : (['hour', hours] as const);
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    unitDisplay,
    maximumFractionDigits: 1,
    numberingSystem: 'latn',
  }).format(value);
}
