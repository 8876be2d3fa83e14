import type { Font, GlyphRun } from '@pdf-lib/fontkit';
import { createHash } from 'node:crypto';
import {
  beginText,
  endText,
  PDFHexString,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFDocument,
  type PDFName,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { fontToEmbed } from './subset.ts';

/** An RGB colour, each part 0-1. */
export interface Ink {
  r: number;
  g: number;
  b: number;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/**
 * One embedded font of a document, drawn glyph by glyph where fontkit's shaping put them. pdf-lib
 * draws a string's glyphs side by side and drops their positioning (OpenType GPOS): Arabic's
 * vowel marks and Noto's separate dots then land beside their letters. Here every glyph goes
 * where the font says (offsets, kerning, marks on their bases), and the font objects are
 * written at the end with the widths and the text (ToUnicode) of exactly the glyphs drawn, so
 * a reader's copy or search gets the words back.
 */
export class Face {
  readonly ref: PDFRef;
  private readonly scale: number;
  /** Glyphs drawn: their advance (in 1/1000 em) and the text they stand for. */
  private readonly used = new Map<number, { width: number; text: number[] }>();
  private readonly layouts = new Map<string, GlyphRun>();
  private readonly keys = new WeakMap<PDFPage, PDFName>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: Font,
    /** The subset the font was made from; what is embedded is cut from it. */
    private readonly file: Uint8Array,
  ) {
    this.ref = doc.context.nextRef();
    this.scale = 1000 / font.unitsPerEm;
  }

  private layout(text: string): GlyphRun {
    let run = this.layouts.get(text);
    if (run === undefined) {
      run = this.font.layout(text);
      this.layouts.set(text, run);
    }
    return run;
  }

  /** The width of `text` set at `size` points, as drawn (shaped, kerned). */
  width(text: string, size: number): number {
    const run = this.layout(text);
    return run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * (size / this.font.unitsPerEm);
  }

  /**
   * Draws `text` with its left end at (x, y). A right-to-left run's glyphs come from fontkit
   * already in drawing order. A viewer reads such a line back by reversing it, so a ligature
   * drawn in one (Arabic's lam-alef) is mapped to its characters in reverse, to read right.
   */
  draw(
    page: PDFPage,
    text: string,
    at: { x: number; y: number },
    size: number,
    ink: Ink,
    rtl: boolean,
  ) {
    const run = this.layout(text);
    const unit = size / this.font.unitsPerEm;
    const ops = [
      beginText(),
      setFontAndSize(this.keyOn(page), size),
      setFillingRgbColor(ink.r, ink.g, ink.b),
    ];
    let pen = 0;
    let chunk = '';
    run.glyphs.forEach((glyph, i) => {
      const p = run.positions[i];
      if (p === undefined) return;
      const width = glyph.advanceWidth * this.scale;
      const chars =
        glyph.codePoints.length > 1 && rtl ? [...glyph.codePoints].reverse() : glyph.codePoints;
      if (!this.used.has(glyph.id)) this.used.set(glyph.id, { width, text: chars });
      const placed = p.xOffset === 0 && p.yOffset === 0;
      // A glyph the PDF's own advance would put in place joins the string being shown; any
      // other (a mark, a kerned pair) starts a new one where the font puts it.
      if (!placed || chunk === '') {
        if (chunk !== '') ops.push(showText(PDFHexString.of(chunk)));
        ops.push(
          setTextMatrix(1, 0, 0, 1, at.x + (pen + p.xOffset) * unit, at.y + p.yOffset * unit),
        );
        chunk = '';
      }
      chunk += hex4(glyph.id);
      pen += p.xAdvance;
      if (!placed || p.xAdvance !== glyph.advanceWidth) {
        ops.push(showText(PDFHexString.of(chunk)));
        chunk = '';
      }
    });
    if (chunk !== '') ops.push(showText(PDFHexString.of(chunk)));
    ops.push(endText());
    page.pushOperators(...ops);
  }

  private keyOn(page: PDFPage): PDFName {
    let key = this.keys.get(page);
    if (key === undefined) {
      key = page.node.newFontDictionary('F', this.ref);
      this.keys.set(page, key);
    }
    return key;
  }

  /** Writes the font's objects: once everything is drawn, before the document is saved. */
  async finish(): Promise<void> {
    if (this.used.size === 0) return; // never drawn: nothing refers to it
    const { context } = this.doc;
    const ids = [...this.used.keys()].sort((a, b) => a - b);
    const file = (await fontToEmbed(this.file, [0, ...ids])) ?? this.file;
    // A subset's name starts with six capitals of its own (ISO 32000 9.6.4).
    const tag = [...createHash('sha256').update(this.file).digest().subarray(0, 6)]
      .map((byte) => String.fromCharCode(65 + (byte % 26)))
      .join('');
    const name = `${tag}+${(this.font.postscriptName ?? 'Font').replace(/[^A-Za-z0-9-]/g, '')}`;
    const s = this.scale;
    const { bbox } = this.font;
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 4,
      FontBBox: [bbox.minX * s, bbox.minY * s, bbox.maxX * s, bbox.maxY * s],
      ItalicAngle: this.font.italicAngle,
      Ascent: this.font.ascent * s,
      Descent: this.font.descent * s,
      CapHeight: (this.font.capHeight || this.font.ascent) * s,
      StemV: 80,
      FontFile2: context.register(context.flateStream(file)),
    });
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: 'Adobe', Ordering: 'Identity', Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      CIDToGIDMap: 'Identity',
      W: ids.flatMap((id) => [id, [this.used.get(id)?.width ?? 0]]),
    });
    const font = context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [context.register(cidFont)],
      ToUnicode: context.register(context.flateStream(toUnicode(ids, this.used))),
    });
    context.assign(this.ref, font);
  }
}

/** The CMap that maps each glyph drawn back to the characters it shows (ISO 32000 9.10.3). */
function toUnicode(ids: number[], used: ReadonlyMap<number, { text: number[] }>): string {
  const pairs = ids.flatMap((id) => {
    const text = used.get(id)?.text ?? [];
    if (text.length === 0) return [];
    const utf16 = String.fromCodePoint(...text);
    let units = '';
    for (let i = 0; i < utf16.length; i++) units += hex4(utf16.charCodeAt(i));
    return [`<${hex4(id)}> <${units}>`];
  });
  const blocks: string[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
