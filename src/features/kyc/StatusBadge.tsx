import { useTranslation } from 'react-i18next';
import type { KycStatus } from '../../../contract/kyc/schemas.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import './kyc-status.css';

/** A verification status (SPEC §4) in the person's words and this feature's colours. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <span data-testid="kyc-badge" data-status={status}>
      <StatusBadge status={status} label={t(`status.${status}`)} className={`kyc-${status}`} />
    </span>
  );
}
