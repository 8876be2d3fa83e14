import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';
import { isCode } from '../../contract/errors.ts';

/** The translated message for a failed call (SPEC §7: mapped message, or the fallback). */
export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === -1) return t('errors:timeout');
    if (err.code === -2) return t('errors:network');
    if (isCode(err.code)) {
      return t(`errors:${err.code}`, {
        name: err.detail?.name,
        limit: err.detail?.limit,
        until: err.detail?.until,
      });
    }
  }
  return t('errors:unknown');
}
