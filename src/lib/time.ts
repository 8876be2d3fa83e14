import { currentLocaleTag } from '../../i18n/i18n.ts';

/** A record's time in the reader's language, with Latin digits like the amounts beside it. */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocaleTag(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
  }).format(new Date(iso));
}
