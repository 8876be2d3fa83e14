import { useTranslation } from 'react-i18next';
import { isDecimalText } from '../../contract/common/decimal-text.ts';
import { decimalPoint, formatDecimal } from './format.ts';

/**
 * Why a typed amount cannot be sent, and which bound or step it missed, so a form can say what
 * is wrong ("The minimum is 0.001") instead of one catalogue line for every mistake.
 */
export type InputProblem =
  | { kind: 'empty' }
  /** Letters, a sign, two points, more digits than the wire takes. */
  | { kind: 'notNumber' }
  /** Zero or below. */
  | { kind: 'notPositive' }
  | { kind: 'min'; min: string }
  | { kind: 'max'; max: string }
  | { kind: 'step'; step: string };

/** The bounds an amount must keep: all optional, each a plain decimal string. */
export interface InputRule {
  min?: string;
  max?: string;
  step?: string;
}

/** As the wire takes them (contract positiveDecimal): the one rule, 12 whole digits, 8 decimals. */
const WIRE = { whole: 12, decimals: 8 };
const NEGATIVE = /^-\d+(\.\d+)?$/;

/**
 * What the person typed, tidied: spaces dropped, and one comma read as the decimal mark (a
 * phone's keypad may offer only a comma). Where the language's mark is a point, a comma before
 * exactly three digits ("1,000") is a thousands separator: it is left as typed, and refused as
 * not a number, never read as 1.
 */
export function tidyDecimal(text: string, point = decimalPoint()): string {
  const compact = text.replace(/\s/g, '');
  if (compact.includes('.') || compact.split(',').length !== 2) return compact;
  if (point !== ',' && /,\d{3}$/.test(compact)) return compact;
  return compact.replace(',', '.');
}

function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

function units(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/**
 * The first thing wrong with `text` as an amount under `rule`, in the order a person fixes
 * them: missing, not a number, not positive, below the minimum, above the maximum, off the
 * step. Undefined when it is fine.
 */
export function inputProblem(text: string, rule: InputRule = {}): InputProblem | undefined {
  const value = tidyDecimal(text);
  if (value === '') return { kind: 'empty' };
  if (NEGATIVE.test(value)) return { kind: 'notPositive' };
  if (!isDecimalText(value, WIRE)) return { kind: 'notNumber' };
  const bounds = [rule.min, rule.max, rule.step].filter((b): b is string => b !== undefined);
  const scale = Math.max(decimalsOf(value), ...bounds.map(decimalsOf));
  const v = units(value, scale);
  if (v === 0n) return { kind: 'notPositive' };
  if (rule.min !== undefined && v < units(rule.min, scale)) return { kind: 'min', min: rule.min };
  if (rule.max !== undefined && v > units(rule.max, scale)) return { kind: 'max', max: rule.max };
  const step = rule.step === undefined ? 0n : units(rule.step, scale);
  if (rule.step !== undefined && step > 0n && v % step !== 0n) {
    return { kind: 'step', step: rule.step };
  }
  return undefined;
}

/**
 * The message of an input problem in the reader's language (errors namespace), its bound
 * grouped for reading and followed by `unit` when given (a coin: "10 USDT").
 */
export function useInputProblemText(): (problem: InputProblem, unit?: string) => string {
  const { t } = useTranslation('errors');
  const amount = (value: string, unit?: string) =>
    unit === undefined ? formatDecimal(value) : `${formatDecimal(value)} ${unit}`;
  return (problem, unit) => {
    switch (problem.kind) {
      case 'empty':
        return t('input.empty');
      case 'notNumber':
        return t('input.notNumber');
      case 'notPositive':
        return t('input.notPositive');
      case 'min':
        return t('input.min', { min: amount(problem.min, unit) });
      case 'max':
        return t('input.max', { max: amount(problem.max, unit) });
      case 'step':
        return t('input.step', { step: amount(problem.step, unit) });
    }
  };
}
