import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF read as a person's viewer reads it (Mozilla's pdf.js): the text of each page, and a
 * page drawn to PNG. pdf.js draws glyphs from the embedded fonts only (no system fonts), so a
 * glyph the PDF lacks shows as it would for the person.
 */
async function open(bytes: Uint8Array) {
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
}

/** Each page's text items in reading order (pdf.js puts right-to-left lines back in order). */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await open(bytes);
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item ? [item.str] : [])));
  }
  await doc.destroy();
  return pages;
}

/** Page `n` drawn at `scale` (1 = 72 dpi), as PNG. */
export async function renderPage(bytes: Uint8Array, n: number, scale = 2): Promise<Buffer> {
  const doc = await open(bytes);
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types its canvas as the DOM's; @napi-rs/canvas is the same API in Node.
  const target = { canvas, canvasContext: context, viewport };
  await page.render(target as unknown as Parameters<typeof page.render>[0]).promise;
  await doc.destroy();
  return canvas.toBuffer('image/png');
}

/** Harakat and the tatweel: pdf.js may give a mark before or after its letter. */
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;

/**
 * Text compared without what a viewer's extraction does not keep the same: spaces and line
 * ends, the order of Arabic marks, and brackets (a right-to-left line's are drawn mirrored).
 */
export const comparable = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(ARABIC_MARKS, '')
    .replace(/[\s()（）]/g, '');
