import { useTranslation } from 'react-i18next';
import type { FundingStatus } from '../../../contract/funds/schemas.ts';
import { StatusBadge as SharedStatusBadge } from '../../ui/StatusBadge.tsx';

/** The shared status badge in this feature's words and colours (funds.css). */
export function StatusBadge({ status }: { status: FundingStatus }) {
  const { t } = useTranslation('funds');
  return (
    <SharedStatusBadge
      status={status}
      label={t(`status.${status}`)}
      className={`status-${status}`}
    />
  );
}
