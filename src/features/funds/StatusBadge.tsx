import { useTranslation } from 'react-i18next';
import type { FundingStatus } from '../../../contract/funds/schemas.ts';

/** SPEC §4 deposit/withdrawal statuses: pending review, approved, failed, rejected. */
export function StatusBadge({ status }: { status: FundingStatus }) {
  const { t } = useTranslation('funds');
  return (
    <span className={`badge status-${status}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
