import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../contract/languages.ts';
import { allowedSections, mayOpen } from './sections.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const nav = (lang: string) =>
  (
    JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, 'admin.json'), 'utf8')) as {
      nav: Record<string, string>;
    }
  ).nav;

describe('admin sections', () => {
  it('puts loan review after identity checks and the product screens after parameters', () => {
    expect(allowedSections('admin').map((s) => s.name)).toEqual([
      'deposits',
      'withdrawals',
      'kyc',
      'loans',
      'users',
      'params',
      'plans',
      'loanProducts',
      'nftSales',
      'rewards',
      'support',
      'supportTools',
      'maker',
      'audit',
      'staff',
    ]);
    expect(allowedSections('admin').find((s) => s.name === 'loans')?.path).toBe('/admin/loans');
  });

  it('opens the support console to support and admins, not reviewers', () => {
    expect(mayOpen('support', '/admin/support')).toBe(true);
    expect(mayOpen('admin', '/admin/support/tools')).toBe(true);
    expect(mayOpen('reviewer', '/admin/support')).toBe(false);
  });

  it('follows the server roles: reviewers decide loans, support only reads products', () => {
    expect(allowedSections('reviewer').map((s) => s.name)).toContain('loans');
    expect(mayOpen('reviewer', '/admin/loans')).toBe(true);
    expect(mayOpen('support', '/admin/loans')).toBe(false);
    for (const role of ['admin', 'reviewer', 'support'] as const) {
      expect(mayOpen(role, '/admin/plans')).toBe(true);
      expect(mayOpen(role, '/admin/loan-products')).toBe(true);
    }
  });

  it('labels every section in every language', () => {
    const names = allowedSections('admin').map((s) => s.name);
    for (const lang of LANGUAGES) {
      expect(names.filter((n) => typeof nav(lang)[n] !== 'string')).toEqual([]);
    }
  });
});
