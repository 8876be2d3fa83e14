import { expect, registerByEmail, test } from './support/fixtures.ts';

/** Every route of SPEC §2 and the account screens it implies. */
const PUBLIC = [
  '/',
  '/market',
  '/cruuency?code=BTCUSDT&type=2&id=1',
  '/help',
  '/help/faq',
  '/help/notice',
  '/introduction',
  '/profile/language',
  '/profile/about',
  '/pass/login',
  '/pass/register',
  '/pass/reset',
  '/api/loginCallback/google',
  '/nfts',
  '/spot/BTCUSDT',
  '/trading',
  '/loan',
  '/profile/kefu',
];
const SIGNED_IN = [
  '/profile',
  '/profile/balance',
  '/profile/balancebb',
  '/profile/deposit',
  '/profile/withdraw',
  '/profile/records',
  '/profile/transactions',
  '/profile/orders',
  '/profile/qiandao',
  '/profile/invite',
  '/profile/notification',
  '/profile/kyc',
  '/profile/settings',
  '/profile/sign-ins',
  '/profile/password',
];

/** A raw i18n key on screen looks like `word.word` in lower camel case. */
async function expectNoRawKeys(page: import('@playwright/test').Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(
    /\b(nav|auth|footer|capability|event|status|warn|tiles|hero|menu|book|fields|login|register|reset|settings|signIns|wallet|google|password|faq|notice|errors|depth|trades|holdings|tifHint|reason|fills)\.[a-zA-Z]+/,
  );
}

test('every public route renders inside the shell without console errors', async ({ page }) => {
  for (const path of PUBLIC) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('main')).not.toBeEmpty();
    await expectNoRawKeys(page);
  }
});

test('visitors are sent to log in from the signed-in routes', async ({ page }) => {
  for (const path of SIGNED_IN) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/pass\/login\?redirect=/);
  }
});

test('signed-in routes render, with no screen left that is not available yet', async ({
  page,
  request,
}) => {
  // Sixteen screens, each with its data: longer than one screen's test on a busy machine.
  test.setTimeout(120_000);
  await registerByEmail(page, request);
  for (const path of SIGNED_IN) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await expectNoRawKeys(page);
    await expect(page.getByText('not available yet')).toHaveCount(0);
  }
});

test('unknown paths go home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('content pages open from the help centre in the chosen language', async ({ page }) => {
  await page.goto('/help/faq');
  await page.getByRole('link', { name: 'How do I open an account and sign in?' }).click();
  await expect(page).toHaveURL(/\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'How do I open an account and sign in?',
  );
});

test.describe('a screen whose code cannot be fetched', () => {
  // The screen boundary and its retries are the same code under both shells; their 15 s of
  // retries run once.
  test.skip(({ isMobile }) => isMobile, 'layout-independent: runs on desktop');
  // The browser logs the failed request and the app logs what it caught.
  test.use({
    expectedConsoleError:
      'Failed to fetch|net::ERR_|A screen failed to render|dynamically imported module',
  });

  test("says so in the person's language and offers a reload, instead of a blank page", async ({
    page,
  }) => {
    // Chunks are named by their hash alone (decisions.md 47): the help screen's is the one
    // that holds its own class name.
    const chunks = /\/assets\/[^/]+\.js$/;
    await page.route(chunks, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('help-tiles')) await route.abort();
      else await route.fulfill({ response });
    });
    await page.goto('/help');
    const error = page.getByTestId('screen-error');
    // The chunk is tried again for about 15 s (src/lib/lazy.ts) before the screen gives up.
    await expect(error).toContainText('This screen could not be shown', { timeout: 40_000 });
    await page.unroute(chunks);
    await error.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('screen-error')).toHaveCount(0);
    await expect(page.locator('main')).toBeVisible();
  });
});

test.describe('a part whose code fails once', () => {
  test.use({ expectedConsoleError: 'net::ERR_|Unable to preload CSS' });

  test('is fetched again and shown, and the screen around it stays', async ({ page }) => {
    // A spot link in a market row has a chunk and a style sheet of its own: the first fetch of
    // the style sheet fails, as it did when the server restarted under a phone's market list.
    let failed = 0;
    await page.route(/\/assets\/SpotLinks-[^/]+\.css$/, async (route) => {
      if (failed++ === 0) await route.abort();
      else await route.continue();
    });
    await page.goto('/market?type=2');
    await expect(page.getByTestId('spot-link-BTCUSDT')).toBeVisible({ timeout: 20_000 });
    expect(failed).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('screen-error')).toHaveCount(0);
  });
});
