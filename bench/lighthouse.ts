/**
 * Lighthouse's performance figures for the home screen and a market's detail, mobile (its
 * default: a mid-range phone on slow 4G, simulated) and desktop, next to a bare static page
 * served the same way in the same run, so a slow machine shows in the baseline too. Issue 11's
 * targets: mobile performance >= 95 on home and on market detail.
 *
 *   npx tsx bench/lighthouse.ts        (LIGHTHOUSE_RUNS=3: the median of that many runs each)
 *
 * Lighthouse 12.2.3 is the newest that runs on Node 20; Debian's Chromium (CHROME_PATH).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { build } from 'vite';
import { precompressDirectory } from '../build-tools/precompress.ts';
import { paths } from '../contract/paths.ts';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium.ts';
import { startBenchServer, stop } from './support/measure.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The browser tests' launch set: Debian's Chromium with the flags that keep it off the network.
const CHROME_PATH =
  process.env.CHROME_PATH ?? CHROMIUM_LAUNCH.executablePath ?? '/usr/bin/chromium';
const CHROME_FLAGS = CHROMIUM_LAUNCH.args ?? [];
const LAYOUTS: Record<string, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="description" content="A bare page: the baseline." />
<title>Baseline</title></head>
<body><h1>Kestrel Markets</h1><p>${'A bare static page, served like the app. '.repeat(20)}</p></body></html>
`;

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse sometimes loses the trace (NO_NAVSTART) and asks to be run again: so we do. */
const ATTEMPTS = 3;

async function audit(url: string, config: Config | undefined): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, config);
    } catch (err) {
      if (attempt === ATTEMPTS) throw err;
      console.warn(`  ${String(err)}; again (${attempt + 1}/${ATTEMPTS})`);
    }
  }
}

async function auditOnce(url: string, config: Config | undefined): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      config,
    );
    if (result === undefined) throw new Error(`no Lighthouse result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError !== undefined) throw new Error(`${url}: ${runtimeError.message}`);
    const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
    return {
      score: (categories.performance?.score ?? NaN) * 100,
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** A market's detail URL as the market table links it (the first crypto market). */
async function marketDetailPath(base: string): Promise<string> {
  const res = await fetch(`${base}${paths.listMarketByType.path}?type=2&size=1`);
  const body = (await res.json()) as {
    result: { list: { code: string; type: number; id: number }[] };
  };
  const item = body.result.list[0];
  if (item === undefined) throw new Error('the market list is empty');
  return `/cruuency?code=${encodeURIComponent(item.code)}&type=${item.type}&id=${item.id}`;
}

const appDir = mkdtempSync(join(tmpdir(), 'lighthouse-app-'));
const bareDir = mkdtempSync(join(tmpdir(), 'lighthouse-bare-'));
try {
  await build({ root, logLevel: 'warn', build: { outDir: appDir, emptyOutDir: true } });
  writeFileSync(join(bareDir, 'index.html'), BARE_PAGE);
  precompressDirectory(bareDir);
  const app = await startBenchServer('app', { APP_DIST: appDir });
  const bare = await startBenchServer('app', { APP_DIST: bareDir });
  try {
    const appBase = `http://127.0.0.1:${app.port}`;
    const pages: [string, string][] = [
      ['bare page (baseline)', `http://127.0.0.1:${bare.port}/`],
      ['home', `${appBase}/`],
      ['market detail', `${appBase}${await marketDetailPath(appBase)}`],
    ];
    console.info(`Lighthouse 12.2.3 performance, ${CHROME_PATH}, median of ${RUNS} runs each`);
    console.info(
      `${'page'.padEnd(22)} ${'layout'.padEnd(8)} ${'score'.padStart(5)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}`,
    );
    for (const [name, url] of pages) {
      for (const [layout, config] of Object.entries(LAYOUTS)) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(url, config));
        const m = (pick: (f: Figures) => number) => median(runs.map(pick));
        console.info(
          `${name.padEnd(22)} ${layout.padEnd(8)} ${m((f) => f.score)
            .toFixed(0)
            .padStart(5)} ${m((f) => f.lcp)
            .toFixed(0)
            .padStart(7)} ${m((f) => f.tbt)
            .toFixed(0)
            .padStart(7)} ${m((f) => f.cls)
            .toFixed(3)
            .padStart(6)}`,
        );
      }
    }
  } finally {
    await stop(app.child);
    await stop(bare.child);
  }
} finally {
  rmSync(appDir, { recursive: true, force: true });
  rmSync(bareDir, { recursive: true, force: true });
}
