import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument } from 'pdf-lib';
import type { Language } from '../../../../contract/languages.ts';
import { assert } from '../../assert.ts';
import { Face } from './face.ts';
import { subsetFont } from './subset.ts';

/** The scripts a document can be set in, each by an OFL font (SIL Open Font License 1.1). */
type Script = 'latin' | 'arabic' | 'simplified' | 'traditional' | 'japanese' | 'korean';
export type Weight = 'regular' | 'bold';

/**
 * Noto for Latin and CJK; IBM Plex Sans Arabic for Arabic, whose letters are whole glyphs (Noto
 * Arabic draws the dots as glyphs of their own, shared by several letters, so a reader copying
 * the text would get other letters back). Each has a Latin alphabet of its own.
 */
const FAMILY: Record<Script, string> = {
  latin: 'noto-sans/{w}/NotoSans_{w}.ttf',
  arabic: 'ibm-plex-sans-arabic/{w}/IBMPlexSansArabic_{w}.ttf',
  simplified: 'noto-sans-sc/{w}/NotoSansSC_{w}.ttf',
  traditional: 'noto-sans-hk/{w}/NotoSansHK_{w}.ttf',
  japanese: 'noto-sans-jp/{w}/NotoSansJP_{w}.ttf',
  korean: 'noto-sans-kr/{w}/NotoSansKR_{w}.ttf',
};
const WEIGHT: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

/**
 * The script a language is set in first. The others follow for characters it lacks (a name in
 * another script), so nothing prints as an empty box: Han characters outside a CJK language
 * are set in Simplified Chinese, the platform's default language.
 */
const OWN: Record<Language, Script> = {
  en: 'latin',
  de: 'latin',
  fr: 'latin',
  it: 'latin',
  es: 'latin',
  ar: 'arabic',
  ja: 'japanese',
  ko: 'korean',
  zh: 'simplified',
  hk: 'traditional',
};
const FALLBACKS: readonly Script[] = [
  'latin',
  'arabic',
  'simplified',
  'traditional',
  'japanese',
  'korean',
];

const require = createRequire(import.meta.url);

function fontFile(script: Script, weight: Weight): string {
  return require.resolve(`@expo-google-fonts/${FAMILY[script].replaceAll('{w}', WEIGHT[weight])}`);
}

/**
 * The fonts of one document: each character is set in the first of the language's fonts that
 * has it, and only the fonts used are embedded, each cut down to what it sets (a page of
 * Chinese embeds tens of KB, not the 10 MB font). Built from all the document's text before
 * anything is drawn, since a subset cannot grow afterwards.
 */
export class DocumentFonts {
  private constructor(
    private readonly byWeight: Record<Weight, ReadonlyMap<number, Face>>,
    private readonly primary: Record<Weight, Face>,
    private readonly faces: readonly Face[],
    /** Characters no font has (they print as the font's empty box): none, in a sound document. */
    readonly missing: ReadonlySet<number>,
  ) {}

  static async embed(
    doc: PDFDocument,
    language: Language,
    text: Record<Weight, string>,
  ): Promise<DocumentFonts> {
    const scripts = [OWN[language], ...FALLBACKS.filter((s) => s !== OWN[language])];
    const missing = new Set<number>();
    const faces: Face[] = [];
    const byWeight = { regular: new Map<number, Face>(), bold: new Map<number, Face>() };
    const primary: Partial<Record<Weight, Face>> = {};
    for (const weight of ['regular', 'bold'] as const) {
      // The language's own font is embedded even for no text: every line has a font. Control
      // characters are set in no font (a line has none; they would only be asked of each).
      const chars = [...text[weight].replace(/\p{Cc}/gu, ''), ' '];
      let left = new Set(chars.map((c) => c.codePointAt(0) ?? 0));
      for (const script of scripts) {
        if (left.size === 0) break;
        const set = await faceFor(doc, fontFile(script, weight), left);
        if (set === undefined) continue;
        faces.push(set.face);
        primary[weight] ??= set.face;
        for (const cp of set.codePoints) byWeight[weight].set(cp, set.face);
        left = new Set([...left].filter((cp) => !set.codePoints.has(cp)));
      }
      for (const cp of left) missing.add(cp);
    }
    const { regular, bold } = primary;
    assert(regular !== undefined && bold !== undefined, 'every font sets a space');
    return new DocumentFonts(byWeight, { regular, bold }, faces, missing);
  }

  /** The font that sets `codePoint` in `weight`. */
  of(codePoint: number, weight: Weight): Face {
    return this.byWeight[weight].get(codePoint) ?? this.primary[weight];
  }

  /** Writes every font's objects, with the glyphs drawn: the last step before saving. */
  async finish(): Promise<void> {
    for (const face of this.faces) await face.finish();
  }
}

/** The font at `file` cut down to those of `codePoints` it has; undefined when it has none. */
async function faceFor(doc: PDFDocument, file: string, codePoints: ReadonlySet<number>) {
  const subset = await subsetFont(await readFile(file), codePoints);
  // A font with none of them comes back mapping no character: nothing to set with it.
  if (subset === undefined || !mapsCharacters(subset)) return undefined;
  const font = fontkit.create(subset);
  const has = new Set(font.characterSet);
  const covered = new Set([...codePoints].filter((cp) => has.has(cp)));
  if (covered.size === 0) return undefined;
  return { face: new Face(doc, font, subset), codePoints: covered };
}

/**
 * Whether an OpenType file maps any character: its table directory (numTables at 4, records of
 * 16 bytes from 12) lists a `cmap` with at least one subtable. A subset to characters the font
 * lacks keeps an empty one.
 */
function mapsCharacters(font: Uint8Array): boolean {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + i * 16;
    if (String.fromCharCode(...font.subarray(at, at + 4)) !== 'cmap') continue;
    const cmap = view.getUint32(at + 8);
    return cmap + 4 <= font.byteLength && view.getUint16(cmap + 2) > 0;
  }
  return false;
}
