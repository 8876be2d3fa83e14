/*
 * Writes one SVG logo per instrument to public/logos/<code lower>.svg.
 * Run with: npx tsx scripts/generate-logos.ts
 *
 * Each logo is a 64x64 circle whose colour is picked deterministically from the instrument code,
 * with the base symbol (or, for forex, both currency codes) in white. No external references.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTRUMENTS } from '../server/src/market/instruments.ts';
import type { InstrumentSpec } from '../server/src/market/types.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'public', 'logos');

/** Short labels for futures whose base is longer than four characters. */
const LABELS: Readonly<Record<string, string>> = {
  UKOIL: 'BRN',
  NGAS: 'NG',
  COPPER: 'CU',
  NAS100: 'NDX',
  US500: 'SPX',
  US2000: 'RUT',
  GER40: 'DAX',
  JPN225: 'NKY',
  UK100: 'FTSE',
  EU50: 'SX5E',
};

/** 32-bit FNV-1a hash of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** HSL (h in degrees, s and l in 0..1) to a #rrggbb colour. */
function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A pleasant, mid-dark colour (white text stays readable) chosen from the code's hash. */
function colourFor(code: string): string {
  const hash = fnv1a(code);
  const hue = hash % 360;
  const saturation = 0.55 + ((hash >>> 9) % 11) / 100; // 0.55..0.65
  // Yellows, greens and cyans look brighter at equal lightness: darken them so white text reads.
  const brightHue = Math.max(0, Math.cos(((hue - 100) * Math.PI) / 180));
  const lightness = 0.4 + ((hash >>> 17) % 7) / 100 - 0.14 * brightHue; // 0.26..0.46
  return hslToHex(hue, saturation, lightness);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const FONT = 'font-family="system-ui, sans-serif" font-weight="700" text-anchor="middle"';

function textLine(label: string, y: number, size: number, opacity = 1): string {
  const fade = opacity < 1 ? ` fill-opacity="${opacity}"` : '';
  return `<text x="32" y="${y}" ${FONT} font-size="${size}" fill="#ffffff"${fade} dominant-baseline="central">${escapeXml(label)}</text>`;
}

function labelFor(instrument: InstrumentSpec): string {
  const label = LABELS[instrument.code] ?? instrument.base;
  return label.replace(/[^A-Z0-9]/gi, '').slice(0, 4);
}

function logoSvg(instrument: InstrumentSpec): string {
  const colour = colourFor(instrument.code);
  let content: string;
  if (instrument.type === 1) {
    // Forex: base currency on top, quote currency below, split by a thin rule.
    content = [
      textLine(instrument.base, 23, 16),
      '<line x1="18" y1="32" x2="46" y2="32" stroke="#ffffff" stroke-opacity="0.55" stroke-width="1.5"/>',
      textLine(instrument.quote, 42, 14, 0.85),
    ].join('');
  } else {
    const label = labelFor(instrument);
    const size = [32, 32, 26, 21, 17][label.length] ?? 17;
    content = textLine(label, 33, size);
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    `<title>${escapeXml(instrument.appName)}</title>`,
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>`,
    content,
    '</svg>',
    '',
  ].join('\n');
}

mkdirSync(OUT_DIR, { recursive: true });
for (const instrument of INSTRUMENTS) {
  writeFileSync(path.join(OUT_DIR, `${instrument.code.toLowerCase()}.svg`), logoSvg(instrument));
}
console.info(`Wrote ${INSTRUMENTS.length} logos to ${path.relative(ROOT, OUT_DIR)}`);
