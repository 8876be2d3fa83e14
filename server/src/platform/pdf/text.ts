import bidiFactory from 'bidi-js';
import type { Face } from './face.ts';
import type { DocumentFonts, Weight } from './fonts.ts';

const bidi = bidiFactory();

/** A piece of a line in one font and one direction, in the order it is drawn, left to right. */
export interface Run {
  text: string;
  face: Face;
  width: number;
  rtl: boolean;
}

/**
 * Scripts whose runs the font's shaping (fontkit) lays out right to left by itself, joined
 * (Arabic's letters take their initial, medial and final forms there). A right-to-left run
 * without them (a comma, a bracket between Arabic words) is turned here.
 */
const SHAPED_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Han, kana and CJK punctuation: a line may break between any two of them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Never at a line's start (closing marks, small kana), never at its end (opening marks). */
const NO_START =
  /[、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%％,.:;!?)\]}]/u;
const NO_END = /[（「『【〔〈《([{]/u;
const SPACE = /\s/u;

/**
 * Where a line of `text` may end: after spaces (every script that spaces its words), and
 * between CJK characters unless a closing mark would start the next line or an opening mark
 * end this one (the basic kinsoku rule). Indices into the string; the last is its length.
 */
export function breakOpportunities(text: string): number[] {
  const at: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const before = text[i - 1] ?? '';
    const here = text[i] ?? '';
    if (SPACE.test(here)) continue;
    const afterSpace = SPACE.test(before);
    const betweenCjk = (CJK.test(before) || CJK.test(here)) && !afterSpace;
    if ((afterSpace || betweenCjk) && !NO_START.test(here) && !NO_END.test(before)) at.push(i);
  }
  at.push(text.length);
  return at;
}

/**
 * One paragraph set in `fonts` at `size`: its bidi levels (Unicode's algorithm, the base
 * direction the language's), broken into lines of at most `width` points, each as runs in
 * drawing order.
 */
export class Paragraph {
  readonly text: string;
  private readonly levels: Uint8Array;

  constructor(
    text: string,
    private readonly fonts: DocumentFonts,
    private readonly weight: Weight,
    private readonly size: number,
    rtl: boolean,
  ) {
    this.text = text.normalize('NFC');
    this.levels = bidi.getEmbeddingLevels(this.text, rtl ? 'rtl' : 'ltr').levels;
  }

  /** The lines, as [start, end) ranges of the text without their trailing spaces. */
  lines(width: number): [number, number][] {
    const breaks = breakOpportunities(this.text);
    const lines: [number, number][] = [];
    let start = this.skipSpaces(0);
    while (start < this.text.length) {
      let end = -1;
      for (const b of breaks) {
        if (b <= start) continue;
        if (end !== -1 && this.width(start, this.trimmed(start, b)) > width) break;
        end = b; // the first opportunity is taken even when too wide; cut below
      }
      if (this.width(start, this.trimmed(start, end)) > width) end = this.cut(start, end, width);
      lines.push([start, this.trimmed(start, end)]);
      start = this.skipSpaces(end);
    }
    return lines;
  }

  /** The runs of [start, end) in drawing order, left to right (Unicode's rule L2). */
  runs(start: number, end: number): Run[] {
    const logical = this.logicalRuns(start, end);
    const levels = logical.map((r) => r.level);
    const highest = Math.max(0, ...levels);
    const lowestOdd = Math.min(...levels.map((l) => (l % 2 === 1 ? l : highest + 1)));
    for (let level = highest; level >= lowestOdd; level--) {
      for (let i = 0; i < logical.length; i++) {
        if ((logical[i]?.level ?? 0) < level) continue;
        let j = i;
        while (j + 1 < logical.length && (logical[j + 1]?.level ?? 0) >= level) j++;
        logical.splice(i, j - i + 1, ...logical.slice(i, j + 1).reverse());
        i = j;
      }
    }
    const mirrored = bidi.getMirroredCharactersMap(this.text, this.levels, start, end - 1);
    return logical.map((r) => {
      let text = '';
      for (let i = r.start; i < r.end; i++) text += mirrored.get(i) ?? this.text[i] ?? '';
      if (r.level % 2 === 1 && !SHAPED_RTL.test(text)) text = [...text].reverse().join('');
      return { text, face: r.face, width: r.face.width(text, this.size), rtl: r.level % 2 === 1 };
    });
  }

  /** [start, end) cut where the bidi level or the font changes, in logical order. */
  private logicalRuns(start: number, end: number) {
    const runs: { start: number; end: number; level: number; face: Face }[] = [];
    for (let i = start; i < end;) {
      const cp = this.text.codePointAt(i) ?? 0;
      const next = i + (cp > 0xffff ? 2 : 1);
      const face = this.fonts.of(cp, this.weight);
      const level = this.levels[i] ?? 0;
      const last = runs.at(-1);
      if (last !== undefined && last.level === level && last.face === face) last.end = next;
      else runs.push({ start: i, end: next, level, face });
      i = next;
    }
    return runs;
  }

  width(start: number, end: number): number {
    return this.runs(start, end).reduce((sum, r) => sum + r.width, 0);
  }

  /** The longest start of [start, end) that fits `width`, by characters (a word too long). */
  private cut(start: number, end: number, width: number): number {
    const first = this.text.codePointAt(start) ?? 0;
    let fits = start + (first > 0xffff ? 2 : 1);
    for (let i = fits + 1; i <= end; i++) {
      if (/[\udc00-\udfff]/.test(this.text[i] ?? '')) continue; // inside a surrogate pair
      if (this.width(start, i) > width) break;
      fits = i;
    }
    return fits;
  }

  private trimmed(start: number, end: number): number {
    let e = end;
    while (e > start && SPACE.test(this.text[e - 1] ?? '')) e--;
    return e;
  }

  private skipSpaces(from: number): number {
    let i = from;
    while (i < this.text.length && SPACE.test(this.text[i] ?? '')) i++;
    return i;
  }
}
