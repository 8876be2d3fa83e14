import { useKycPushes, useKycStatus } from './queries.ts';
import { KycStatusBadge } from './StatusBadge.tsx';

/** The profile entry's badge: fetched with the profile, again when a decision is pushed. */
export default function KycBadge() {
  useKycPushes();
  const status = useKycStatus().data?.status;
  return status === undefined ? null : <KycStatusBadge status={status} />;
}
