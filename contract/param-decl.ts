import { decimalWithin, isDecimalText } from './common/decimal-text.ts';

/**
 * A platform parameter as the capability that owns it declares it (`contract/<cap>/params.ts`,
 * merged in contract/params.ts): what it may hold, whether anyone may read it by key
 * (`getParamByKey`), and whether staff may change it in the back office. Values are seeded by
 * the capability's migration.
 */
export interface ParamDecl {
  /** A value outside the rule is refused (10138), when staff set it and in tests of defaults. */
  rule(value: string): boolean;
  public: boolean;
  editable: boolean;
}

/** A percent with up to 4 decimals, at most `max`. */
export const percent = (max: number) => (v: string) =>
  isDecimalText(v, { whole: 2, decimals: 4 }) && decimalWithin(v, '0', String(max), 4);

/** A store or download address, https only; empty hides the button (nothing leads nowhere). */
export const appLink = (v: string) =>
  v === '' || /^https:\/\/[\w\-.]+(:\d+)?(\/[\w\-./?=&%]*)?$/.test(v);

/** A USDT amount, or empty for "no limit". */
export const optionalAmount = (v: string) =>
  v === '' || isDecimalText(v, { whole: 12, decimals: 2 });

/** A whole number within bounds. */
export const wholeIn = (min: number, max: number) => (v: string) =>
  /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max;
