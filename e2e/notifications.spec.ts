import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { holdingPrice, instrument, pushTick } from './support/prices.ts';

/** The person's session token, as the app keeps it. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('kestrel.session') ?? '{}') as { token?: string }).token,
  );
  if (token === undefined) throw new Error('not signed in');
  return token;
}

/**
 * A long in the demo book with a take profit 1 % above the ask, sent through the API as the
 * trade panel sends it (the panel itself is trading.spec.ts's): the test is about what the
 * person is told when it closes.
 */
async function openLong(request: APIRequestContext, token: string, id: number, ask: number) {
  const res = await request.post('/swx/customer/order/buyU', {
    headers: { authorization: token, virtually: 'NO' },
    data: {
      key: randomUUID(),
      instrumentId: id,
      type: 'market',
      side: 'long',
      lots: '0.1',
      leverage: 10,
      stopLoss: (ask * 0.95).toFixed(2),
      takeProfit: (ask * 1.01).toFixed(2),
    },
  });
  const answer = (await res.json()) as { code: number };
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
}

async function askOf(request: APIRequestContext, id: number): Promise<number> {
  const res = await request.get(`/swx/customer/order/getTradingInfo/${id}`);
  return Number(((await res.json()) as { result: { ask: string } }).result.ask);
}

/** Two positions close by take profit while the person stays on their profile page. */
async function twoCloses(page: Page, request: APIRequestContext): Promise<void> {
  const eth = await instrument(request, 'ETHUSDT');
  const token = await tokenOf(page);
  await holdingPrice('ETHUSDT', async () => {
    const ask = await askOf(request, eth.id);
    await openLong(request, token, eth.id, ask);
    await openLong(request, token, eth.id, ask);
    await pushTick(request, 'ETHUSDT', (ask * 1.2).toFixed(eth.precision));
  });
}

test('closes are told live: the bell counts them without a reload, the centre lists them, reading clears the count', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await page.goto('/profile');
  const bell = page.getByTestId('bell');
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('bell-count')).toHaveCount(0);

  await twoCloses(page, request);
  // Pushed over the person's socket: the count arrives on the page as it is.
  await expect(bell.getByTestId('bell-count')).toHaveAttribute('data-count', '2');

  await bell.click();
  await expect(page).toHaveURL(/\/profile\/notification$/);
  const notices = page.getByTestId('notice');
  await expect(notices).toHaveCount(2);
  await expect(page.getByTestId('notice-unread')).toHaveAttribute('data-count', '2');
  const first = notices.first();
  await expect(first).toHaveAttribute('data-kind', 'trading.position-closed');
  await expect(first).toContainText(
    'Your long position on ETHUSDT was closed: take profit reached.',
  );
  await expect(first.getByTestId('notice-figure')).toHaveAttribute('data-value', /^\d/);
  await expect(first).toContainText('Demo');

  // Opening one marks it read and leads to the order, in its book.
  await first.getByRole('button').click();
  await expect(page).toHaveURL(/\/profile\/orders\/contract\/\d+$/);
  await expect(bell.getByTestId('bell-count')).toHaveAttribute('data-count', '1');
  await page.goBack();
  await expect(page.getByTestId('notice').first()).toHaveAttribute('data-read', 'yes');

  await page.getByTestId('notice-read-all').click();
  await expect(page.getByTestId('notice-unread')).toHaveAttribute('data-count', '0');
  await expect(bell.getByTestId('bell-count')).toHaveCount(0);

  // Settings: a kind may be switched off; a liquidation notice may not.
  const closes = page.getByTestId('notice-setting-trading.position-closed').getByRole('checkbox');
  await expect(closes).toBeChecked();
  await closes.uncheck();
  await expect(closes).not.toBeChecked();
  await page.reload();
  await expect(closes).not.toBeChecked();
  const liquidations = page.getByTestId('notice-setting-trading.liquidated').getByRole('checkbox');
  await expect(liquidations).toBeChecked();
  await expect(liquidations).toBeDisabled();
});

test('a visitor has no bell, and the centre asks them to log in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('bell')).toHaveCount(0);
  await page.goto('/profile/notification');
  await expect(page).toHaveURL(/\/pass\/login/);
});

test.describe('in Arabic', () => {
  test('the centre reads right to left, with nothing left in English', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    await chooseLanguage(page, 'ar');
    await twoCloses(page, request);
    await page.goto('/profile/notification');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('notice')).toHaveCount(2);
    const ar = JSON.parse(readFileSync('locales/ar/notifications.json', 'utf8')) as {
      title: string;
      closeReason: { take_profit: string };
    };
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.title);
    await expect(page.getByTestId('notice').first()).toContainText(ar.closeReason.take_profit);
    const text = await page.locator('main').innerText();
    // Codes, coins, NFT and figures stay Latin; no English word is left.
    const words = text.replace(/ETHUSDT|USDT|NFT|Demo/g, '').match(/[A-Za-z]{3,}/g) ?? [];
    expect(words).toEqual([]);
  });
});
