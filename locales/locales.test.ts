import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeMessages } from '../contract/errors.ts';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '../contract/languages.ts';
import { NAMESPACES as STARTUP_NAMESPACES } from '../src/i18n/namespaces.ts';

/**
 * Fails when a locale lacks a key the code uses, holds an untranslated English copy, drops an
 * interpolation placeholder, or lacks a plural form its language's rules need.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const NAMESPACES = readdirSync(path.join(ROOT, 'locales/en')).map((f) => f.replace(/\.json$/, ''));

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
function load(lang: string, ns: string): Map<string, string> {
  return flatten(
    JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Tree,
  );
}

/** Words that are the same in every language: names, codes, units. */
const SAME_EVERYWHERE = new Set([
  'Kestrel Markets',
  'FAQ',
  'E-mail',
  'OK',
  'Android',
  'Demo',
  'Real',
  'ETF',
  'NFT',
  'Bitcoin',
  'Ethereum (ERC-20)',
  'TRON (TRC-20)',
  'IBAN',
  'USDT',
  // Trading's own words, the same in French ("Options") and in German and Italian ("Spot").
  'Options',
  'Spot',
]);
/** A count and a unit abbreviation ("{{count}} min") may read the same in several languages. */
const COUNT_AND_UNIT = /^\{\{\w+(, ?\w+)?\}\} ?\p{L}{1,3}\.?$/u;
function mayEqualEnglish(value: string): boolean {
  return (
    SAME_EVERYWHERE.has(value) ||
    COUNT_AND_UNIT.test(value) ||
    !/[A-Za-z]{2}/.test(value.replace(/\{\{[^}]+\}\}/g, ''))
  );
}
/** A message's placeholders with the format each names (`amount:amount`, `id`), sorted. */
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)]
    .map((m) => (m[2] === undefined ? m[1] : `${m[1]}:${m[2]}`))
    .sort();

/**
 * One way to show figures and dates (issue 31): a placeholder named for an amount, a price or
 * quantity, or a moment names its format (src/i18n/message-formats.ts), so no message shows an
 * unformatted number or an ISO timestamp whatever its caller passes.
 */
const FORMAT_OF: Readonly<Record<string, 'amount' | 'number' | 'datetime'>> = {
  ...Object.fromEntries(
    ['amount', 'total', 'fee', 'returns', 'penalty', 'balance', 'available', 'received']
      .concat(['current', 'owed', 'totalRepay', 'totalInterest', 'dailyDamages', 'damages'])
      .map((n) => [n, 'amount']),
  ),
  ...Object.fromEntries(
    ['ask', 'liquidation', 'tick', 'lot', 'filled', 'qty', 'settle', 'market'].map((n) => [
      n,
      'number',
    ]),
  ),
  ...Object.fromEntries(
    ['at', 'until', 'date', 'time', 'day', 'paidAt', 'repayBy'].map((n) => [n, 'datetime']),
  ),
};
const FORMATS = new Set(['amount', 'number', 'datetime']);

/**
 * i18next words a counted key (`t(key, { count })`) by the plural form the language's rules
 * pick for the count: `key_zero`, `key_one`, `key_two`, `key_few`, `key_many` or `key_other`.
 * English has two forms; a language may need more (Arabic six; French, Italian and Spanish a
 * "many" for millions), and a missing form shows the raw key.
 */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
const pluralForms = (lang: Language): readonly string[] =>
  new Intl.PluralRules(LANGUAGE_TAGS[lang]).resolvedOptions().pluralCategories;
/** Placeholders but the count, which a form for one number ("two plans") may leave out. */
const besidesCount = (s: string) => placeholders(s).filter((p) => p !== 'count');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [p] : [];
  });
}

/** Static keys the code passes to t(): `ns:key`, or `key` in the file's default namespace. */
function keysUsedInCode(): { ns: string; key: string; file: string }[] {
  const used: { ns: string; key: string; file: string }[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const defaultNs = /useTranslation\('(\w+)'\)/.exec(text)?.[1] ?? 'common';
    for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
      const raw = m[1] ?? '';
      const [ns, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [defaultNs, raw];
      used.push({ ns, key, file: path.relative(ROOT, file) });
    }
  }
  return used;
}

describe('locales', () => {
  const english = new Map(NAMESPACES.map((ns) => [ns, load('en', ns)]));

  it('has every key the code uses in English', () => {
    // A key given a count may be worded by its plural forms (i18next: `key_one`, `key_other`).
    const has = (ns: string, key: string) =>
      english.get(ns)?.has(key) === true || english.get(ns)?.has(`${key}_other`) === true;
    const missing = keysUsedInCode().filter(({ ns, key }) => !has(ns, key));
    expect(missing).toEqual([]);
  });

  it('names the format of every amount, price, quantity and date placeholder', () => {
    const problems: string[] = [];
    for (const [ns, messages] of english) {
      for (const [key, value] of messages) {
        for (const m of value.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)) {
          const [, name = '', format] = m;
          const wanted = FORMAT_OF[name];
          if (format !== undefined && !FORMATS.has(format))
            problems.push(`${ns}:${key} ${format}?`);
          if (wanted !== undefined && format !== wanted)
            problems.push(`${ns}:${key} {{${name}}} wants ", ${wanted}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names no format in the start-up files, which paint before the formats load', () => {
    const named = [...STARTUP_NAMESPACES].flatMap((ns) =>
      [...(english.get(ns) ?? new Map<string, string>())].filter(([, v]) => /\{\{[^}]*,/.test(v)),
    );
    expect(named).toEqual([]);
  });

  it('has a message for every catalogue code', () => {
    const errors = english.get('errors');
    expect(Object.keys(codeMessages).filter((code) => !errors?.has(code))).toEqual([]);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: same keys as English, translated, placeholders kept`, () => {
      const problems: string[] = [];
      for (const ns of NAMESPACES) {
        const en = english.get(ns) ?? new Map<string, string>();
        const other = load(lang, ns);
        for (const [key, value] of en) {
          const translated = other.get(key);
          if (translated === undefined) problems.push(`${ns}:${key} missing`);
          else if (translated === value && !mayEqualEnglish(value))
            problems.push(`${ns}:${key} is English`);
          else if (placeholders(translated).join() !== placeholders(value).join()) {
            problems.push(`${ns}:${key} placeholders differ`);
          }
        }
        const counted = [...en.keys()].flatMap((key) => {
          const m = PLURAL_KEY.exec(key);
          return m?.[2] === 'other' ? [m[1] ?? ''] : [];
        });
        for (const base of counted)
          for (const form of pluralForms(lang))
            if (!other.has(`${base}_${form}`)) problems.push(`${ns}:${base}_${form} missing`);
        for (const [key, value] of other) {
          if (en.has(key)) continue;
          const m = PLURAL_KEY.exec(key);
          const english = en.get(`${m?.[1]}_other`);
          if (m === null || english === undefined || !pluralForms(lang).includes(m[2] ?? ''))
            problems.push(`${ns}:${key} not in English`);
          else if (value === english && !mayEqualEnglish(value))
            problems.push(`${ns}:${key} is English`);
          else if (besidesCount(value).join() !== besidesCount(english).join())
            problems.push(`${ns}:${key} placeholders differ`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
