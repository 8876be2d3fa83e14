import { expect, test } from './support/fixtures.ts';

const PARAM = '**/swx/customer/index/getParamByKey/';

test('a default install shows no download buttons anywhere, and the introduction promises only what exists', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('.home-markets [data-testid="price"]').first()).toBeVisible();
  await expect(page.getByTestId('download-app')).toHaveCount(0);
  await expect(page.locator('a[href="/introduction"]')).toHaveCount(0);
  await expect(page.locator('[data-testid^="app-link-"]')).toHaveCount(0);

  await page.goto('/introduction');
  const article = page.locator('.page-reading');
  await expect(article.getByRole('heading', { name: 'Demo and real accounts' })).toBeVisible();
  // Every capability is offered now: each has its section, and nothing is left to promise.
  for (const offer of [
    'Smart plans',
    'Loans',
    'Charity NFTs',
    'Rewards and referrals',
    'Live support',
  ])
    await expect(article.getByRole('heading', { name: offer, exact: true })).toBeVisible();
  for (const promise of ['Ways to trade', 'Not available yet'])
    await expect(article.getByRole('heading', { name: promise, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('intro-apps')).toHaveCount(0);
});

test('a configured store link shows its button, and only that one', async ({ page }) => {
  const play = 'https://play.google.com/store/apps/details?id=com.example.kestrel';
  await page.route(`${PARAM}android_url`, (route) =>
    route.fulfill({ json: { code: 200, msg: 'ok', result: { paramValue: play } } }),
  );
  await page.route(`${PARAM}down_url`, (route) =>
    route.fulfill({ json: { code: 200, msg: 'ok', result: { paramValue: play } } }),
  );
  await page.goto('/');
  await expect(page.getByTestId('download-app')).toHaveAttribute('href', play);

  await page.goto('/introduction');
  const apps = page.getByTestId('intro-apps');
  await expect(apps.getByRole('link', { name: 'Android app' })).toHaveAttribute('href', play);
  await expect(apps.getByRole('link', { name: 'iPhone app' })).toHaveCount(0);
});

test('home figures are shortened and refresh while the page stays open', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the mobile home has no figures (SPEC §2)');
  await page.clock.install();
  const first = page.waitForResponse(/getHomeStats/);
  await page.goto('/');
  await first;
  const stats = page.getByTestId('home-stats');
  // English compact notation: at most three significant digits and a K/M/B/T suffix.
  await expect(stats.locator('.home-stat-value').nth(2)).toHaveText(/^\d{1,3}(\.\d{1,2})?[KMBT]?$/);
  await expect(stats.locator('.home-stat-value').first()).toHaveText(
    /^\d{1,3}(\.\d{1,2})?[KMBT]?$/,
  );

  const again = page.waitForRequest(/getHomeStats/);
  await page.clock.fastForward('00:31');
  await again;
});
