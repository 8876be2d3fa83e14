/// <reference lib="dom" />
/**
 * How long a first visit to the home screen takes on a slow phone connection, as a person sees
 * it: Debian's Chromium opens the built app, served by the real server, with 150 ms latency,
 * 1.6 Mbps down, 750 kbps up and the CPU slowed 4x (Lighthouse's "slow 4G" profile), on an
 * empty cache. Per layout, the median of several visits of:
 *   - first contentful paint (the browser's own paint timing);
 *   - hero: the home screen's heading is on screen;
 *   - markets: the first live market row is on screen;
 *   - the bytes the visit transferred (JavaScript, CSS, HTML, API) and the requests made.
 *
 *   npx tsx bench/first-paint.ts        (BENCH_VISITS=5)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type BrowserContextOptions } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium.ts';
import { startBenchServer, stop } from './support/measure.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const VISITS = Number(process.env.BENCH_VISITS ?? 5);
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const LAYOUTS: Record<string, BrowserContextOptions> = {
  desktop: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
  mobile: { ...devices['iPhone 13'], viewport: { width: 390, height: 844 } },
};

interface Visit {
  fcp: number;
  hero: number;
  markets: number;
  kib: number;
  requests: number;
}

/**
 * Runs in the page before the app: notes the first animation frame after each watched element
 * appears, which is when it is painted.
 */
function watchForPaint(): void {
  const marks: Record<string, number> = {};
  const watched = { hero: '.home-hero h1', markets: '.market-table tbody tr' };
  const observer = new MutationObserver(() => {
    for (const [name, selector] of Object.entries(watched)) {
      if (marks[name] === undefined && document.querySelector(selector) !== null) {
        marks[name] = -1;
        requestAnimationFrame(() => {
          marks[name] = performance.now();
        });
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  Object.assign(window, { paintMarks: marks });
}

async function visit(baseUrl: string, options: BrowserContextOptions): Promise<Visit> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.addInitScript(watchForPaint);
    await page.goto(baseUrl);
    await page.waitForFunction(
      () => {
        const marks = (window as unknown as { paintMarks: Record<string, number> }).paintMarks;
        return (marks.hero ?? -1) > 0 && (marks.markets ?? -1) > 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      ...(window as unknown as { paintMarks: { hero: number; markets: number } }).paintMarks,
    }));
    return { ...timings, kib: bytes / 1024, requests };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

const outDir = mkdtempSync(join(tmpdir(), 'first-paint-'));
try {
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await startBenchServer('app', { APP_DIST: outDir });
  try {
    const baseUrl = `http://127.0.0.1:${server.port}/`;
    await visit(baseUrl, LAYOUTS.desktop ?? {}); // the server's first answers warm its caches
    console.info(
      `first visit to the home screen, slow 4G (150 ms, 1.6 Mbps) and ${CPU_SLOWDOWN}x CPU slowdown, median of ${VISITS}`,
    );
    console.info(
      `${'layout'.padEnd(8)} ${'FCP ms'.padStart(7)} ${'hero ms'.padStart(8)} ${'markets ms'.padStart(11)} ${'KiB'.padStart(6)} ${'requests'.padStart(9)}`,
    );
    for (const [name, options] of Object.entries(LAYOUTS)) {
      const visits: Visit[] = [];
      for (let i = 0; i < VISITS; i++) visits.push(await visit(baseUrl, options));
      const m = (pick: (v: Visit) => number) => median(visits.map(pick));
      console.info(
        `${name.padEnd(8)} ${m((v) => v.fcp)
          .toFixed(0)
          .padStart(7)} ${m((v) => v.hero)
          .toFixed(0)
          .padStart(8)} ${m((v) => v.markets)
          .toFixed(0)
          .padStart(11)} ${m((v) => v.kib)
          .toFixed(0)
          .padStart(6)} ${m((v) => v.requests)
          .toFixed(0)
          .padStart(9)}`,
      );
    }
  } finally {
    await stop(server.child);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
