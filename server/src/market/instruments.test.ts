import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './instruments.ts';
import { CATEGORIES } from './types.ts';

const LOGO_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'public',
  'logos',
);

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const CLOSE_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

describe('INSTRUMENTS', () => {
  it('has at least 10 instruments in every category, grouped by category in order', () => {
    for (const category of CATEGORIES) {
      expect(
        INSTRUMENTS.filter((i) => i.type === category).length,
        `category ${category}`,
      ).toBeGreaterThanOrEqual(10);
    }
    const types = INSTRUMENTS.map((i) => i.type);
    expect(types).toEqual([...types].sort((a, b) => a - b));
  });

  it('has unique upper-case codes', () => {
    const codes = INSTRUMENTS.map((i) => i.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9.]+$/);
  });

  it('has names, base and quote', () => {
    for (const i of INSTRUMENTS) {
      expect(i.appName.trim(), i.code).not.toBe('');
      expect(i.base, i.code).not.toBe('');
      expect(i.quote, i.code).not.toBe('');
    }
  });

  it('gives start prices with exactly `precision` decimals, above zero', () => {
    for (const i of INSTRUMENTS) {
      expect(Number.isInteger(i.precision) && i.precision >= 0, i.code).toBe(true);
      const pattern = i.precision === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${i.precision}}$`);
      expect(i.sim.startPrice, i.code).toMatch(pattern);
      expect(Number(i.sim.startPrice), i.code).toBeGreaterThan(0);
    }
  });

  it('has sensible simulation profiles', () => {
    for (const i of INSTRUMENTS) {
      expect(i.sim.volatility, i.code).toBeGreaterThan(0);
      expect(i.sim.volatility, i.code).toBeLessThan(2);
      expect(Number.isFinite(i.sim.drift), i.code).toBe(true);
      expect(i.sim.spreadBps, i.code).toBeGreaterThan(0);
      expect(i.sim.tickVolume, i.code).toMatch(/^\d+(?:\.\d+)?$/);
      expect(Number(i.sim.tickVolume), i.code).toBeGreaterThan(0);
    }
  });

  it('has valid trading hours (null only for crypto)', () => {
    for (const i of INSTRUMENTS) {
      if (i.hours === null) {
        expect(i.type, i.code).toBe(2);
        continue;
      }
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: i.hours?.timeZone })).not.toThrow();
      expect(i.hours.sessions.length, i.code).toBeGreaterThan(0);
      for (const s of i.hours.sessions) {
        expect(s.open, i.code).toMatch(TIME);
        expect(s.close, i.code).toMatch(CLOSE_TIME);
        expect(s.open < s.close, `${i.code} ${s.open}-${s.close}`).toBe(true);
        expect(s.days.length, i.code).toBeGreaterThan(0);
        for (const d of s.days) {
          expect(Number.isInteger(d) && d >= 1 && d <= 7, `${i.code} day ${d}`).toBe(true);
        }
      }
    }
  });

  it('gives crypto pairs their lower-case Binance symbol', () => {
    for (const i of INSTRUMENTS.filter((x) => x.type === 2)) {
      expect(i.binanceSymbol, i.code).toBe(i.code.toLowerCase());
    }
    for (const i of INSTRUMENTS.filter((x) => x.type !== 2)) {
      expect(i.binanceSymbol, i.code).toBeUndefined();
    }
  });

  it('has a standalone SVG logo for every instrument', () => {
    for (const i of INSTRUMENTS) {
      const file = path.join(LOGO_DIR, `${i.code.toLowerCase()}.svg`);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, file).toContain('viewBox="0 0 64 64"');
      expect(svg, file).not.toMatch(/href|<image|url\(/);
    }
  });
});
