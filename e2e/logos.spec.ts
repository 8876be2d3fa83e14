import type { Locator } from '@playwright/test';
import { expect, registerByEmail, test } from './support/fixtures.ts';

/** Every picture in the logo has loaded (a broken or missing file has no natural width). */
async function loaded(logo: Locator): Promise<boolean> {
  return logo.evaluate((el) =>
    [...(el.tagName === 'IMG' ? [el] : el.querySelectorAll('img'))].every(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    ),
  );
}

test('markets show coin icons and currency flags from the app itself, letters where none exist', async ({
  page,
}) => {
  await page.goto('/market?type=2');
  const btc = page.locator('tr[data-code="BTCUSDT"] .market-logo');
  await expect(btc).toHaveAttribute('data-logo', 'icon');
  await expect(btc).toHaveAttribute('src', /^\/assets\/btc-[\w-]+\.svg$/);
  await expect.poll(() => loaded(btc)).toBe(true);
  // The icon set has no TON: its lettered logo stays.
  await expect(page.locator('tr[data-code="TONUSDT"] .market-logo')).toHaveAttribute(
    'data-logo',
    'letters',
  );

  await page.goto('/market?type=1');
  const pair = page.locator('tr[data-code="EURUSD"] .pair-logo');
  await expect(pair.locator('img').first()).toHaveAttribute('src', /^\/assets\/eu-[\w-]+\.svg$/);
  await expect(pair.locator('img').last()).toHaveAttribute('src', /^\/assets\/us-[\w-]+\.svg$/);
  await expect.poll(() => loaded(pair)).toBe(true);

  await page.goto('/market?type=3');
  await expect(page.locator('tr[data-code="AAPL"] .market-logo')).toHaveAttribute(
    'data-logo',
    'letters',
  );
});

test('the home table shows the icons as images, not inside the JavaScript', async ({ page }) => {
  const svgRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.svg')) svgRequests.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const btc = page.locator('.home-markets tr[data-code="BTCUSDT"] .market-logo');
  await expect.poll(() => loaded(btc)).toBe(true);
  expect(svgRequests.some((p) => /^\/assets\/btc-[\w-]+\.svg$/.test(p))).toBe(true);
});

test('balances show each coin with its icon', async ({ page, request }) => {
  await registerByEmail(page, request);
  await page.goto('/profile/balance');
  const usdt = page.locator('.coin-row[data-asset="USDT"] [data-testid="coin-icon"]');
  await expect(usdt).toHaveAttribute('src', /^\/assets\/usdt-[\w-]+\.svg$/);
  await expect.poll(() => loaded(usdt)).toBe(true);
});
