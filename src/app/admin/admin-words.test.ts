import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOAN_REJECT_REASONS,
  LOAN_STATUSES,
  loanProductBody,
} from '../../../contract/loans/schemas.ts';
import {
  PRODUCT_STATUSES,
  planProductBody,
  reserveFigures,
} from '../../../contract/plans/schemas.ts';

// The back office words these keys from the contract's lists and shapes (t(`…${value}`)),
// which the locales test cannot see; its parity check then holds the other nine languages to
// English.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const english: unknown = JSON.parse(readFileSync(path.join(ROOT, 'locales/en/admin.json'), 'utf8'));
const missing = (keys: readonly string[]) =>
  keys.filter(
    (key) =>
      typeof key
        .split('.')
        .reduce<unknown>(
          (node, k) => (node as Record<string, unknown> | undefined)?.[k],
          english,
        ) !== 'string',
  );
const formFields = (shape: object) =>
  Object.keys(shape).filter((f) => !['id', 'status', 'reason'].includes(f));

describe('plans and loans back-office words', () => {
  it('labels and explains every field of a product, and names every reserve figure', () => {
    const keys = [
      ...formFields(planProductBody.shape).flatMap((f) => [`plans.field.${f}`, `plans.help.${f}`]),
      ...Object.keys(reserveFigures.shape).map((f) => `plans.reserve.${f}`),
      ...formFields(loanProductBody.shape).flatMap((f) => [
        `loanProducts.field.${f}`,
        `loanProducts.help.${f}`,
      ]),
      ...PRODUCT_STATUSES.map((s) => `productStatus.${s}`),
    ];
    expect(missing(keys)).toEqual([]);
  });

  it('words every status, reason and fact of the loan review queue', () => {
    const item = path.join(ROOT, 'src/features/loans/admin/LoanItem.tsx');
    const facts = [...readFileSync(item, 'utf8').matchAll(/<Fact name="(\w+)"/g)].map(
      (m) => `loanReview.field.${m[1]}`,
    );
    expect(facts.length).toBeGreaterThan(10);
    const keys = [
      ...LOAN_STATUSES.flatMap((s) => [`loanReview.status.${s}`, `loanReview.empty.${s}`]),
      ...LOAN_REJECT_REASONS.map((r) => `reviewReason.${r}`),
      ...facts,
    ];
    expect(missing(keys)).toEqual([]);
  });
});
