import type { FundingStatus } from '../../contract/funds/schemas.ts';

/**
 * SPEC §4 deposit/withdrawal statuses (pending review, approved, failed, rejected), in the
 * caller's words and colours (`className`).
 */
export function StatusBadge({
  status,
  label,
  className,
}: {
  status: FundingStatus;
  label: string;
  className: string;
}) {
  return (
    <span className={`badge ${className}`} data-status={status}>
      {label}
    </span>
  );
}
