import type { TFunction } from 'i18next';

/**
 * Staff's reason for a decision on a deposit or a withdrawal: the catalogue's words in the
 * reader's language (`funds:reviewReason`, loaded by the caller), then the note as written;
 * undefined when there is neither.
 */
export function staffReason(
  code: string | null,
  note: string | null,
  t: TFunction,
): string | undefined {
  const worded = code === null || code === 'other' ? null : t(`funds:reviewReason.${code}`);
  const parts = [worded, note].filter((p) => p !== null);
  return parts.length === 0 ? undefined : parts.join('. ');
}
