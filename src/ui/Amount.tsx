import { formatAmount, formatDecimal } from '../lib/format.ts';

/**
 * A money amount as every screen shows one (formatAmount: exact, trailing zeros dropped,
 * grouped), with its coin. `signed` writes a "+" before a positive amount: inside the figure,
 * which `.num` isolates left to right, so in Arabic a profit reads "+8.89 USDT", never
 * "8.89 USDT+".
 */
export function Amount({
  value,
  asset,
  signed = false,
}: {
  value: string | null;
  asset?: string;
  signed?: boolean;
}) {
  const plus = signed && value !== null && !value.startsWith('-') && /[1-9]/.test(value);
  return (
    <span className="num amount">
      {plus && '+'}
      {formatAmount(value)}
      {asset !== undefined && <span className="amount-asset"> {asset}</span>}
    </span>
  );
}

/**
 * A price, or a quantity padded to its market's step: every digit as recorded (formatDecimal),
 * since its precision is part of what it says ("2,681.20" at a 0.01 tick, a book's 0.0420).
 */
export function Price({ value, asset }: { value: string | null; asset?: string }) {
  return (
    <span className="num amount">
      {formatDecimal(value)}
      {asset !== undefined && <span className="amount-asset"> {asset}</span>}
    </span>
  );
}
