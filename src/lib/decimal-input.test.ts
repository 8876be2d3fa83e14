import { describe, expect, it } from 'vitest';
import { inputProblem, tidyDecimal } from './decimal-input.ts';

describe('inputProblem', () => {
  const lots = { min: '0.001', max: '1000', step: '0.001' };

  it('names what is wrong, in the order a person fixes it', () => {
    expect(inputProblem('', lots)).toEqual({ kind: 'empty' });
    expect(inputProblem('   ', lots)).toEqual({ kind: 'empty' });
    expect(inputProblem('abc', lots)).toEqual({ kind: 'notNumber' });
    expect(inputProblem('1.2.3', lots)).toEqual({ kind: 'notNumber' });
    expect(inputProblem('1e3', lots)).toEqual({ kind: 'notNumber' });
    // The wire's one rule (contract/common/decimal-text.ts): what the server would refuse.
    for (const text of ['00.5', '010', '1.', '.5', '+1', '１０'])
      expect(inputProblem(text, lots), text).toEqual({ kind: 'notNumber' });
    expect(inputProblem('-5', lots)).toEqual({ kind: 'notPositive' });
    expect(inputProblem('0', lots)).toEqual({ kind: 'notPositive' });
    expect(inputProblem('0.0001', lots)).toEqual({ kind: 'min', min: '0.001' });
    expect(inputProblem('5000', lots)).toEqual({ kind: 'max', max: '1000' });
    expect(inputProblem('0.0015', lots)).toEqual({ kind: 'step', step: '0.001' });
  });

  it('takes what is within the bounds and on the step, with a comma as the decimal mark', () => {
    expect(inputProblem('0.01', lots)).toBeUndefined();
    expect(inputProblem('0,5', lots)).toBeUndefined();
    expect(inputProblem(' 10 ', lots)).toBeUndefined();
    expect(inputProblem('1000', lots)).toBeUndefined();
    expect(inputProblem('12.5', {})).toBeUndefined();
    expect(inputProblem('10', { min: '10', max: '5000' })).toBeUndefined();
    expect(inputProblem('9.99', { min: '10', max: '5000' })).toEqual({ kind: 'min', min: '10' });
  });
});

describe('tidyDecimal', () => {
  it('reads a comma as the decimal mark only in a language that writes one', () => {
    expect(tidyDecimal('1,5', ',')).toBe('1.5');
    expect(tidyDecimal(' 1 000,5 ', ',')).toBe('1000.5');
    // In English "1,000" is a thousand with its separator: never taken as 1.
    expect(tidyDecimal('1,000', '.')).toBe('1,000');
    expect(inputProblem('1,000')).toEqual({ kind: 'notNumber' });
    expect(tidyDecimal('1,000.5', ',')).toBe('1,000.5');
  });
});
