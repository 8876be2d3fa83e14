import { useTranslation } from 'react-i18next';
import type { LoanStatus } from '../../../contract/loans/schemas.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

const CLASS: Record<LoanStatus, string> = {
  pending: 'loans-status-pending',
  repaying: 'loans-status-repaying',
  repaid: 'loans-status-repaid',
  expired: 'loans-status-expired',
  rejected: 'loans-status-rejected',
};

/** A loan's status in the reader's words: pending review, repaying, repaid, expired, rejected. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation('loans');
  return <StatusBadge status={status} label={t(`status.${status}`)} className={CLASS[status]} />;
}
