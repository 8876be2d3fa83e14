import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../contract/languages.ts';
import { DocumentFonts } from './fonts.ts';
import { breakOpportunities, Paragraph } from './text.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../../locales');

async function fontsFor(language: (typeof LANGUAGES)[number], text: string) {
  return DocumentFonts.embed(await PDFDocument.create(), language, { regular: text, bold: text });
}

describe('line breaks', () => {
  it('break after spaces, never inside a word', () => {
    expect(breakOpportunities('Repay by 5 December')).toEqual([6, 9, 11, 19]);
  });

  it('break between CJK characters, but no closing mark starts a line', () => {
    const text = '本契約は、貸主';
    // Not before 、 (index 4): it stays with は.
    expect(breakOpportunities(text)).toEqual([1, 2, 3, 5, 6, 7]);
  });
});

describe('right to left', () => {
  it('lays an Arabic line out by Unicode’s bidi rules: numbers and Latin read left to right inside it', async () => {
    const text = '1. تبرم هذه Kestrel Markets بصفتها Flex.';
    const p = new Paragraph(text, await fontsFor('ar', text), 'regular', 10, true);
    // Drawing order, left to right: the sentence's end first, its number last (at the right).
    expect(p.runs(0, p.text.length).map((r) => r.text)).toEqual([
      '.',
      'Flex',
      ' بصفتها ',
      'Kestrel Markets',
      '. تبرم هذه ',
      '1',
    ]);
  });

  it('mirrors brackets in a right-to-left run', async () => {
    const text = 'الفائدة (سنويًا)';
    const p = new Paragraph(text, await fontsFor('ar', text), 'regular', 10, true);
    // fontkit turns the Arabic run itself: the logical "(" is drawn as ")" at its right end.
    expect(p.runs(0, p.text.length).map((r) => r.text)).toEqual(['الفائدة )سنويًا(']);
  });

  it('breaks a long line into lines no wider than asked', async () => {
    const text = 'يراجع فريقنا طلبك؛ ولا يُودَع المال في رصيدك إلا بعد الموافقة عليه.';
    const p = new Paragraph(text, await fontsFor('ar', text), 'regular', 10, true);
    const lines = p.lines(120);
    expect(lines.length).toBeGreaterThan(1);
    for (const [start, end] of lines) expect(p.width(start, end)).toBeLessThanOrEqual(120);
    expect(lines.map(([s, e]) => p.text.slice(s, e)).join(' ')).toBe(p.text);
  });
});

describe('fonts', () => {
  it.each(LANGUAGES)('%s: a font has every character of the loans words', async (language) => {
    const file = await readFile(path.join(LOCALES, language, 'loans.json'), 'utf8');
    const words = JSON.stringify(JSON.parse(file) as unknown).replace(/\\[nrt"]/g, ' ');
    const fonts = await fontsFor(language, words);
    expect([...fonts.missing].map((cp) => String.fromCodePoint(cp))).toEqual([]);
  });

  it('sets a name in another script in a font that has it', async () => {
    const names = 'Zoë Łukasz Ηλέκτρα Алёна 山田花子 김지민 王小明 陳嘉欣 آدا';
    const fonts = await fontsFor('en', names);
    expect([...fonts.missing].map((cp) => String.fromCodePoint(cp))).toEqual([]);
  });
});
