/**
 * Decimal strings as fixed-point bigints: a decimal string with `scale` decimals is the
 * integer value * 10^scale. App and server share these, so no JavaScript number ever holds
 * money or a recorded price.
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function toUnits(decimal: string, scale: number): bigint {
  const m = DECIMAL.exec(decimal);
  if (m === null) throw new RangeError(`not a non-negative decimal: ${decimal}`);
  const whole = m[1] ?? '0';
  const frac = (m[2] ?? '').padEnd(scale, '0');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) {
    throw new RangeError(`${decimal} has more than ${scale} decimals`);
  }
  return BigInt(whole + frac.slice(0, scale));
}

export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${frac}` : ''}`;
}

/** A decimal in its shortest exact form: "600.100" -> "600.1", "5.000" -> "5". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
