import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The hb-subset exports this module calls (harfbuzzjs's harfbuzz-subset.wasm imports nothing). */
interface HbSubset {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

/** HB_MEMORY_MODE_WRITABLE: the font's bytes were copied into the module's memory for it. */
const WRITABLE = 2;
/** hb_subset_sets_t: which of the input's sets. */
const SETS = { glyphs: 0, unicodes: 1, dropTables: 3 } as const;
/** hb_subset_flags_t: keep glyph ids, drop hinting, add no glyphs the layout tables reach. */
const FLAGS = { retainGids: 0x2, noHinting: 0x1, noLayoutClosure: 0x200 } as const;
/** What a PDF never reads: the layout tables (the text is laid out already) and variations. */
const PRINT_ONLY_DROPS = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'STAT', 'kern', 'DSIG'];

let module: Promise<HbSubset> | undefined;

function hbSubset(): Promise<HbSubset> {
  module ??= (async () => {
    const file = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(file));
    return instance.exports as unknown as HbSubset;
  })();
  return module;
}

const tag = (t: string) => [...t].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);

interface Cut {
  unicodes?: Iterable<number>;
  glyphs?: Iterable<number>;
  flags?: number;
  dropTables?: readonly string[];
}

/**
 * HarfBuzz's subsetter over `font`. Synchronous once the module is loaded, so calls never
 * interleave on its one memory; undefined when HarfBuzz refuses the font.
 */
async function cut(font: Uint8Array, c: Cut): Promise<Uint8Array | undefined> {
  const hb = await hbSubset();
  const at = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, at);
  const blob = hb.hb_blob_create(at, font.byteLength, WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  const add = (which: number, values: Iterable<number>) => {
    const set = hb.hb_subset_input_set(input, which);
    for (const v of values) hb.hb_set_add(set, v);
  };
  add(SETS.unicodes, c.unicodes ?? []);
  add(SETS.glyphs, c.glyphs ?? []);
  add(SETS.dropTables, (c.dropTables ?? []).map(tag));
  hb.hb_subset_input_set_flags(input, c.flags ?? 0);
  const subset = hb.hb_subset_or_fail(face, input);
  hb.hb_subset_input_destroy(input);
  try {
    if (subset === 0) return undefined;
    const result = hb.hb_face_reference_blob(subset);
    const data = hb.hb_blob_get_data(result, 0);
    // The memory may have grown while subsetting: a fresh view sees it whole.
    const bytes = new Uint8Array(hb.memory.buffer).slice(
      data,
      data + hb.hb_blob_get_length(result),
    );
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    return bytes.length === 0 ? undefined : bytes;
  } finally {
    hb.hb_face_destroy(face);
    hb.free(at);
  }
}

/**
 * The font with only what `codePoints` need, to lay text out with: the glyphs their shaping
 * reaches (Arabic's joined forms, ligatures) and the layout tables stay, so the subset shapes
 * as the whole font does. A 10 MB CJK font becomes a few KB.
 */
export function subsetFont(font: Uint8Array, codePoints: Iterable<number>) {
  return cut(font, { unicodes: codePoints });
}

/**
 * The font as a PDF embeds it: only the glyphs drawn, under the same ids (the text refers to
 * them by id), without the layout tables or hinting a PDF has no use for.
 */
export function fontToEmbed(font: Uint8Array, glyphIds: Iterable<number>) {
  return cut(font, {
    glyphs: glyphIds,
    flags: FLAGS.retainGids | FLAGS.noHinting | FLAGS.noLayoutClosure,
    dropTables: PRINT_ONLY_DROPS,
  });
}
