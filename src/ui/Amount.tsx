import { formatDecimal } from '../lib/format.ts';

/** A money amount exactly as the server sent it, grouped for reading, with its coin. */
export function Amount({ value, asset }: { value: string | null; asset?: string }) {
  return (
    <span className="num amount">
      {formatDecimal(value)}
      {asset !== undefined && <span className="amount-asset"> {asset}</span>}
    </span>
  );
}
