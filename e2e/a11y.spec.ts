import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { paths } from '../contract/paths.ts';
import { expect, test } from './support/fixtures.ts';

/** axe-core from node_modules, injected into the page: no network, same rules everywhere. */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BLOCKING = new Set(['serious', 'critical']);

/** The main screens, each with what shows it has finished loading. */
const SCREENS: { name: string; path: string | 'market-detail'; ready: string }[] = [
  { name: 'home', path: '/', ready: '.market-table tbody tr' },
  { name: 'market list', path: '/market', ready: '.market-table tbody tr' },
  { name: 'market detail', path: 'market-detail', ready: '[data-testid="candle-chart"]' },
  { name: 'login', path: '/pass/login', ready: 'form' },
  { name: 'register', path: '/pass/register', ready: 'form' },
  { name: 'help', path: '/help', ready: 'h1' },
  { name: 'spot', path: '/spot/BTCUSDT', ready: '[data-testid="book-row"]' },
];

// The app's Content-Security-Policy allows no injected script; axe is the test's, not the app's.
test.use({ bypassCSP: true });

for (const screen of SCREENS) {
  test(`${screen.name}: axe finds no serious or critical violation`, async ({ page, request }) => {
    let url = screen.path;
    if (url === 'market-detail') {
      const res = await request.get(`${paths.listMarketByType.path}?type=2&size=1`);
      const body = (await res.json()) as {
        result: { list: { code: string; type: number; id: number }[] };
      };
      const item = body.result.list[0];
      expect(item, 'a market to open').toBeDefined();
      url = `/cruuency?code=${item?.code ?? ''}&type=${item?.type ?? 2}&id=${item?.id ?? 0}`;
    }
    await page.goto(url);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await page.addScriptTag({ path: AXE_SCRIPT });
    const results = await page.evaluate(() =>
      (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
    );
    const blocking = results.violations
      .filter((v) => BLOCKING.has(v.impact ?? ''))
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
    expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
  });
}
