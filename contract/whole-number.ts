import { z } from 'zod';

/**
 * Canonical base-10 digits of a whole number: no sign, exponent, hex, leading zero, decimals,
 * brackets or spaces ("10"; never "+10", "1e1", "0xa", "010" or "10.0").
 */
const CANONICAL = /^(0|[1-9][0-9]{0,15})$/;

/**
 * A whole number in [min, max]: a JSON integer in a body, or its canonical digits in a body,
 * path or query string. Anything else a loose `Number()` would take ("1e1", "0xa", [10], true)
 * is refused with the field's code, so what a person sends is what is read.
 */
export function wholeNumber(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(CANONICAL).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}
