import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Ink } from './face.ts';
import { LANGUAGE_TAGS, RTL_LANGUAGES, type Language } from '../../../../contract/languages.ts';
import type { StoredImage } from '../files/print-image.ts';
import { DocumentFonts, type Weight } from './fonts.ts';
import { Paragraph } from './text.ts';

/** What a document is made of, top to bottom; the layout is this module's. */
export type Block =
  | { kind: 'text'; text: string; size: number; weight?: Weight; muted?: boolean; gap?: number }
  | { kind: 'image'; image: StoredImage; width: number; height: number }
  | { kind: 'rule' }
  /** What follows must start on a page with `height` points left (a signature and its date). */
  | { kind: 'keep'; height: number };

export interface DocumentSpec {
  title: string;
  language: Language;
  blocks: readonly Block[];
  /** The line at the foot of each page ("Page 1 of 2"). */
  footer: (page: number, pages: number) => string;
}

/** A4 in points, and its margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 56, footer: 30 } as const;
const INK: Ink = { r: 0.1, g: 0.1, b: 0.12 };
const MUTED: Ink = { r: 0.4, g: 0.4, b: 0.45 };
/** Line height as a multiple of the size: room for Arabic's marks and CJK's full-height forms. */
const LEADING = 1.5;

/**
 * A document as a PDF in the language's script and direction: every character in a font that
 * has it (fonts.ts, subset and embedded), Arabic shaped and laid right to left, CJK broken
 * between characters, pages added as the text needs them, each with its footer.
 */
export async function renderPdf(spec: DocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setLanguage(LANGUAGE_TAGS[spec.language]);
  doc.setCreator('Kestrel Markets');
  const fonts = await DocumentFonts.embed(doc, spec.language, textOf(spec));
  const pages = new Pages(doc, fonts, RTL_LANGUAGES.has(spec.language));
  for (const block of spec.blocks) {
    if (block.kind === 'text') pages.text(block);
    else if (block.kind === 'image') pages.image(await embedImage(doc, block.image), block);
    else if (block.kind === 'keep') pages.room(block.height);
    else pages.rule();
  }
  pages.footers(spec.footer);
  await fonts.finish();
  return doc.save();
}

/** The text each weight sets, footers included (their figures: any page count). */
function textOf(spec: DocumentSpec): Record<Weight, string> {
  const text = { regular: `${spec.footer(1, 1)}0123456789`, bold: '' };
  for (const b of spec.blocks) if (b.kind === 'text') text[b.weight ?? 'regular'] += b.text;
  return { regular: text.regular.normalize('NFC'), bold: text.bold.normalize('NFC') };
}

/** Every stored type a file reader can be handed (platform/files: PNG or JPEG). */
async function embedImage(doc: PDFDocument, image: StoredImage): Promise<PDFImage> {
  switch (image.mime) {
    case 'image/png':
      return doc.embedPng(image.bytes);
    case 'image/jpeg':
      return doc.embedJpg(image.bytes);
  }
}

/** The pages being filled, and where on the current one the next block goes. */
class Pages {
  private page: PDFPage;
  private y: number;
  private readonly width = PAGE.width - 2 * PAGE.margin;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
    private readonly rtl: boolean,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Room for `height` more points on this page, or a new page. */
  room(height: number): void {
    if (this.y - height >= PAGE.margin + PAGE.footer) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  text(b: Extract<Block, { kind: 'text' }>): void {
    const p = new Paragraph(b.text, this.fonts, b.weight ?? 'regular', b.size, this.rtl);
    const height = b.size * LEADING;
    this.y -= b.gap ?? 0;
    for (const [start, end] of p.lines(this.width)) {
      this.room(height);
      this.y -= height;
      this.line(p, start, end, b.size, b.muted === true);
    }
  }

  /** One line at the current height, from the margin its direction starts at. */
  private line(p: Paragraph, start: number, end: number, size: number, muted: boolean) {
    const runs = p.runs(start, end);
    const width = runs.reduce((sum, r) => sum + r.width, 0);
    let x = this.rtl ? PAGE.width - PAGE.margin - width : PAGE.margin;
    for (const r of runs) {
      r.face.draw(
        this.page,
        r.text,
        { x, y: this.y + size * 0.3 },
        size,
        muted ? MUTED : INK,
        r.rtl,
      );
      x += r.width;
    }
  }

  image(image: PDFImage, box: { width: number; height: number }): void {
    const { width, height } = image.scaleToFit(box.width, box.height);
    this.room(height + 8);
    this.y -= height + 8;
    const x = this.rtl ? PAGE.width - PAGE.margin - width : PAGE.margin;
    this.page.drawImage(image, { x, y: this.y, width, height });
  }

  rule(): void {
    this.room(12);
    this.y -= 8;
    const line = { thickness: 0.6, color: rgb(MUTED.r, MUTED.g, MUTED.b) };
    const from = { x: PAGE.margin, y: this.y };
    this.page.drawLine({ start: from, end: { x: PAGE.width - PAGE.margin, y: this.y }, ...line });
    this.y -= 4;
  }

  /** Each page's footer, centred, once the page count is known. */
  footers(footer: (page: number, pages: number) => string): void {
    const all = this.doc.getPages();
    all.forEach((page, i) => {
      const p = new Paragraph(footer(i + 1, all.length), this.fonts, 'regular', 8, this.rtl);
      const runs = p.runs(0, p.text.length);
      let x = (PAGE.width - runs.reduce((sum, r) => sum + r.width, 0)) / 2;
      for (const r of runs) {
        r.face.draw(page, r.text, { x, y: PAGE.margin / 2 }, 8, MUTED, r.rtl);
        x += r.width;
      }
    });
  }
}
