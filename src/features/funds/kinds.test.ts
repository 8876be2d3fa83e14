import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORD_KINDS, recordKind } from './kinds.ts';

// The record and the back office word a movement's kind with t(`kinds.${kind}`) and
// t(`kind.${kind}`), which the locales test cannot see; its parity check then holds the other
// nine languages to English.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const english = (ns: string) =>
  JSON.parse(readFileSync(path.join(ROOT, `locales/en/${ns}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

const PLAN_KINDS = [
  'plan_principal_hold',
  'plan_principal_returned',
  'plan_exit_penalty',
  'plan_yield',
];
const LOAN_KINDS = ['loan_payout', 'loan_principal_repaid', 'loan_interest', 'loan_damages'];
/** The operator funding a reserve or the lending account: platform accounts only. */
const FUNDING_KINDS = ['plan_reserve_funding', 'loan_lending_funding'];

describe('ledger movement kinds', () => {
  const kinds = english('funds').kinds ?? {};

  it('the person’s record words every kind it names, and names every kind it words', () => {
    expect(RECORD_KINDS.filter((k) => typeof kinds[k] !== 'string')).toEqual([]);
    expect(
      Object.keys(kinds).filter(
        (k) => k !== 'other' && !(RECORD_KINDS as readonly string[]).includes(k),
      ),
    ).toEqual([]);
  });

  it('names smart plan and loan movements, never the platform’s funding', () => {
    for (const k of [...PLAN_KINDS, ...LOAN_KINDS]) expect(recordKind(k)).toBe(k);
    for (const k of FUNDING_KINDS) expect(recordKind(k)).toBe('other');
    expect(recordKind('something_new')).toBe('other');
  });

  it('the back office words every smart plan and loan kind, funding included', () => {
    const words = english('admin').kind ?? {};
    const all = [...PLAN_KINDS, ...LOAN_KINDS, ...FUNDING_KINDS];
    expect(all.filter((k) => typeof words[k] !== 'string')).toEqual([]);
  });
});
