/**
 * A record's status (SPEC §4: deposits and withdrawals, orders and options), in the caller's
 * words and colours (`className`); `data-status` carries the status itself for tests and styles.
 */
export function StatusBadge({
  status,
  label,
  className,
}: {
  status: string;
  label: string;
  className: string;
}) {
  return (
    <span className={`badge ${className}`} data-status={status}>
      {label}
    </span>
  );
}
