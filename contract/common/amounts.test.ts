import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnits } from '../decimal.ts';
import { amountSchema, percentSchema, positiveDecimal, usdtAmount, usdtFigure } from './amounts.ts';
import { decimalWithin, isDecimalText } from './decimal-text.ts';

/**
 * The one decimal rule: what it takes and refuses, the same for every schema built on it, and
 * what it takes reads back to the same text (no second reading of a text it took).
 */
const SHAPE = { whole: 12, decimals: 8 };

/** Texts no decimal of any shape is: spaces and control characters anywhere, other forms. */
const HOSTILE_DECIMALS: readonly string[] = [
  ' 10',
  '10 ',
  ' 10 ',
  '1 0',
  '\t10',
  '10\n',
  '\u00a010',
  '10\u200b',
  '1e3',
  '1E3',
  '+1',
  '-1',
  '-0',
  '0x10',
  '1,000',
  '1_000',
  '１０',
  '١٠',
  '10.',
  '.5',
  '00.5',
  '010',
  '1.2.3',
  'NaN',
  'Infinity',
  '',
  '.',
];

describe('the decimal rule', () => {
  it('takes plain digits with an optional point, within the shape', () => {
    for (const ok of ['0', '1', '10', '0.5', '1.50', '999999999999', '0.00000001'])
      expect(isDecimalText(ok, SHAPE), ok).toBe(true);
    for (const bad of [...HOSTILE_DECIMALS, '1000000000000', '0.000000001'])
      expect(isDecimalText(bad, SHAPE), JSON.stringify(bad)).toBe(false);
  });

  it('refuses the same texts in every schema built on it, and zero where above zero is asked', () => {
    for (const schema of [amountSchema, usdtAmount, usdtFigure, positiveDecimal, percentSchema]) {
      for (const bad of [...HOSTILE_DECIMALS, `1${'0'.repeat(40)}`, `1.${'1'.repeat(19)}`])
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      for (const wrong of [10, null, [], {}, ['1'], true])
        expect(schema.safeParse(wrong).success).toBe(false);
      expect(schema.safeParse('1.5').data).toBe('1.5');
    }
    for (const schema of [amountSchema, usdtAmount, positiveDecimal])
      for (const zero of ['0', '0.0', '0.000000'])
        expect(schema.safeParse(zero).success).toBe(false);
    expect(usdtFigure.safeParse('0').success).toBe(true);
    expect(usdtAmount.safeParse('1.0000001').success).toBe(false);
  });

  it('agrees with a digit-by-digit reading, and what it takes reads back exactly', () => {
    const char = fc.constantFrom(...'0123456789.0123456789 -+e,x１\t'.split(''));
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 24 }).map((cs) => cs.join('')),
        (text) => {
          const [whole = '', fraction, extra] = text.split('.');
          const reference =
            extra === undefined &&
            /^[0-9]{1,12}$/.test(whole) &&
            (whole === '0' || !whole.startsWith('0')) &&
            (fraction === undefined || /^[0-9]{1,8}$/.test(fraction));
          expect(isDecimalText(text, SHAPE)).toBe(reference);
          if (reference) {
            const units = toUnits(text, 8);
            expect(units.toString()).toBe(
              BigInt(whole + (fraction ?? '').padEnd(8, '0')).toString(),
            );
          }
        },
      ),
      { seed: 31, numRuns: 2000 },
    );
  });

  it('compares bounds exactly', () => {
    expect(decimalWithin('20', '0.01', '20', 2)).toBe(true);
    expect(decimalWithin('20.01', '0.01', '20', 2)).toBe(false);
    expect(decimalWithin('0', '0.01', '20', 2)).toBe(false);
  });
});
