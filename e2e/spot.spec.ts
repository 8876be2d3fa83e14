import { createRequire } from 'node:module';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { feeOf, midPriceOf, netOf, turnoverOf } from '../contract/spot/figures.ts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
// Resting orders in the spread hold the pair with the lock trading.spec.ts takes before it
// moves a price, so neither sees the other's orders or price jumps.
import { holdingPrice } from './support/prices.ts';
import { secondPerson } from './support/second-person.ts';

/**
 * Spot trading on the order book, as people do it, against the real server with the simulated
 * feed and the platform's market maker quoting every second (both ledger books; these tests
 * use demo, where every new account starts with 10,000 USDT).
 */

interface Pair {
  code: string;
  base: string;
  tick: string;
  /** A quantity worth more than the pair's 5 USDT minimum, and its double and triple. */
  one: string;
  two: string;
  three: string;
}

/** What arrives of `qty` bought: less the 0.1 % fee, in the coin received. */
const received = (pair: Pair, qty: string) =>
  netOf(qty, feeOf(qty, '0.1', pair.base === 'BTC' ? 8 : 18));

/**
 * Both layouts run this file at once against one server: each trades its own pair, so a resting
 * order of one is never what the other's sell meets.
 */
function pairOf(info: TestInfo): Pair {
  return info.project.name === 'mobile'
    ? { code: 'ETHUSDT', base: 'ETH', tick: '0.01', one: '0.01', two: '0.02', three: '0.03' }
    : { code: 'BTCUSDT', base: 'BTC', tick: '0.01', one: '0.001', two: '0.002', three: '0.003' };
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}

/** Opens the pair's page and waits for the market maker's quotes on both sides of the book. */
async function openSpot(page: Page, code: string): Promise<void> {
  await page.goto(`/spot/${code}`);
  await expect(page.getByTestId('spot-page')).toHaveAttribute('data-code', code);
  await expect(page.locator('[data-testid="book-row"][data-side="ask"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="book-row"][data-side="bid"]').first()).toBeVisible();
}

/** The best bid and ask on screen (the asks are listed highest first, so the best is last). */
async function spread(page: Page): Promise<{ bid: string; ask: string }> {
  const ask = await page
    .getByTestId('book-asks')
    .getByTestId('book-row')
    .last()
    .getAttribute('data-price');
  const bid = await page
    .getByTestId('book-bids')
    .getByTestId('book-row')
    .first()
    .getAttribute('data-price');
  if (ask === null || bid === null) throw new Error('no spread on screen');
  return { bid, ask };
}

/**
 * One side's order form in view: on a phone, the sheet the pinned Buy or Sell button opens (on
 * that side); on a wide screen both forms are on the page.
 */
async function openForm(page: Page, side: 'buy' | 'sell'): Promise<Locator> {
  const bar = page.getByTestId('spot-bar');
  if ((await bar.count()) > 0) {
    const sheet = page.getByRole('dialog');
    if (await sheet.isVisible()) await sheet.getByTestId(`side-${side}`).click();
    else await bar.getByTestId(`bar-${side}`).click();
  }
  const form = page.getByTestId(`spot-form-${side}`);
  await expect(form).toBeVisible();
  return form;
}

/** A phone's order sheet closed again, so the book and the account tabs under it can be used. */
async function closeSheet(page: Page): Promise<void> {
  const sheet = page.getByRole('dialog');
  if ((await page.getByTestId('spot-bar').count()) === 0 || !(await sheet.isVisible())) return;
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

/** Sends the form and confirms in the confirm step. */
async function submitAndConfirm(page: Page, form: Locator, side: 'buy' | 'sell'): Promise<void> {
  await form.getByTestId(`submit-${side}`).click();
  const confirm = page.getByTestId('spot-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('spot-confirm-submit').click();
  await expect(confirm).toHaveCount(0);
}

async function accountTab(page: Page, tab: 'open' | 'history' | 'holdings' | 'market') {
  await closeSheet(page);
  await page.getByTestId(`account-tab-${tab}`).click();
  await expect(page.getByTestId(`account-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** Available and held of one coin, from the page's holdings tab. */
async function expectHolding(page: Page, coin: string, available: string, held = '0') {
  await accountTab(page, 'holdings');
  const row = page.getByTestId(`holding-${coin}`);
  await expect(row).toHaveAttribute('data-available', available);
  await expect(row).toHaveAttribute('data-held', held);
}

/** Nothing sticks out of the page sideways (a wide table scrolls inside its card). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Fills and sends one side's form; returns the form. */
async function place(
  page: Page,
  order: {
    side: 'buy' | 'sell';
    type: 'limit' | 'market';
    qty: string;
    price?: string;
    tif?: 'gtc' | 'ioc' | 'post_only';
  },
): Promise<Locator> {
  // On a phone one side's form shows at a time, in the sheet.
  const form = await openForm(page, order.side);
  await page.getByTestId(`type-${order.type}`).click();
  if (order.tif !== undefined) await page.getByTestId('spot-tif').selectOption(order.tif);
  if (order.price !== undefined) await form.getByTestId('spot-price').fill(order.price);
  await form.getByTestId('spot-qty').fill(order.qty);
  await submitAndConfirm(page, form, order.side);
  return form;
}

test('a limit buy below the market rests in the book and in open orders; cancelled, its funds come back', async ({
  page,
  request,
}, info) => {
  const pair = pairOf(info);
  await registerByEmail(page, request);
  await holdingPrice(pair.code, async () => {
    await openSpot(page, pair.code);
    const buy = await openForm(page, 'buy');
    // Beside the book on a wide screen, in the sheet on a phone: the button in view at once.
    await expect(buy.getByTestId('submit-buy')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(buy.getByTestId('available')).toHaveAttribute('data-value', '10000');
    await expect(page.getByTestId('spot-ledger')).toHaveText('Demo');

    const { bid, ask } = await spread(page);
    // Between the best bid and the middle of the spread: below the market, and the best bid.
    const price = midPriceOf(bid, midPriceOf(bid, ask, pair.tick), pair.tick);
    const qty = pair.one;
    const total = turnoverOf(price, qty);
    // Off the tick: the form says so, naming the tick, before anything is sent.
    await buy.getByTestId('spot-price').fill(`${bid.split('.')[0]}.001`);
    await expect(buy.getByText(`Use steps of ${pair.tick} USDT`)).toBeVisible();
    await buy.getByTestId('spot-price').fill(price);
    await buy.getByTestId('spot-qty').fill(qty);
    // What is set aside and charged, before sending: price x quantity, 0.1 % of the coin received.
    await expect(buy.getByTestId('turnover')).toHaveAttribute('data-value', total);
    await expect(buy.getByTestId('fee')).toHaveAttribute(
      'data-value',
      netOf(qty, received(pair, qty)),
    );
    await expect(buy.getByTestId('receive')).toHaveAttribute('data-value', received(pair, qty));
    await submitAndConfirm(page, buy, 'buy');
    const result = buy.getByTestId('spot-result');
    await expect(result).toHaveAttribute('data-status', 'waiting');
    await expect(result).toContainText('waiting for fill');

    // In the book, with its quantity, not the platform's; and in open orders.
    const level = page.locator(`[data-testid="book-row"][data-side="bid"][data-price="${price}"]`);
    await expect(level).toHaveAttribute('data-qty', qty);
    await expect(level).toHaveAttribute('data-platform', 'false');
    // A level of the book fills the price.
    await buy.getByTestId('spot-price').fill('');
    await closeSheet(page);
    await level.click();
    await expect(buy.getByTestId('spot-price')).toHaveValue(price);
    await accountTab(page, 'open');
    const open = page.getByTestId('open-order');
    await expect(open).toHaveCount(1);
    await expect(open).toHaveAttribute('data-price', price);
    await expect(open).toHaveAttribute('data-status', 'waiting');
    await expect(open.getByTestId('order-held')).toHaveAttribute('data-value', total);
    await expect(buy.getByTestId('available')).toHaveAttribute('data-value', netOf('10000', total));
    await expectHolding(page, 'USDT', netOf('10000', total), total);

    await accountTab(page, 'open');
    await open.getByTestId('cancel-order').click();
    await expect(open).toHaveCount(0);
    await expect(page.getByTestId('current-empty')).toBeVisible();
    await expect(level).toHaveCount(0);
    await expect(buy.getByTestId('available')).toHaveAttribute('data-value', '10000');
    await expectHolding(page, 'USDT', '10000', '0');
    await accountTab(page, 'history');
    const ended = page.getByTestId('history-order').first();
    await expect(ended).toHaveAttribute('data-status', 'cancelled');
    await expect(ended.getByTestId('order-reason')).toContainText('Cancelled by you');
  });
});

test("a market buy fills against the platform's quotes: the coin arrives, the trade shows", async ({
  page,
  request,
}, info) => {
  const pair = pairOf(info);
  await registerByEmail(page, request);
  await holdingPrice(pair.code, async () => {
    await openSpot(page, pair.code);
    await expect(
      page.locator('[data-testid="book-row"][data-platform="true"]').first(),
    ).toBeVisible();
    await expectHolding(page, pair.base, '0');

    // Post-only at a price that would take at once: rejected, explained, nothing set aside.
    const { ask: best } = await spread(page);
    const through = midPriceOf(best, turnoverOf(best, '1.02'), pair.tick);
    const postOnly = await place(page, {
      side: 'buy',
      type: 'limit',
      tif: 'post_only',
      price: through,
      qty: pair.one,
    });
    const rejected = postOnly.getByTestId('spot-result');
    await expect(rejected).toHaveAttribute('data-status', 'rejected');
    await expect(rejected).toContainText('Post-only: at this price the order would have traded');
    await expect(postOnly.getByTestId('available')).toHaveAttribute('data-value', '10000');
    const buy = await openForm(page, 'buy');
    await page.getByTestId('type-market').click();
    await buy.getByTestId('spot-qty').fill(pair.two);
    // The total is an estimate at the best ask (which the maker moves with the feed); the price
    // protection is shown.
    await expect
      .poll(async () => {
        const shown = await buy.getByTestId('turnover').getAttribute('data-value');
        return shown === turnoverOf((await spread(page)).ask, pair.two);
      })
      .toBe(true);
    await expect(buy.getByTestId('protection')).toHaveAttribute('data-value', /^\d/);
    // The protection is a price per coin; what is set aside for it is the total.
    await expect(buy).toContainText(`Highest price per ${pair.base}`);
    await expect(buy.getByTestId('held')).toHaveAttribute('data-value', /^\d/);
    await submitAndConfirm(page, buy, 'buy');
    const result = buy.getByTestId('spot-result');
    await expect(result).toHaveAttribute('data-status', 'success');
    await expect(result).toHaveAttribute('data-filled', pair.two);
    // The fee, and what arrived after it.
    const settled = result.getByTestId('result-settled');
    await expect(settled).toHaveAttribute('data-received', received(pair, pair.two));
    await expect(settled).toContainText(`you received`);

    // Less the 0.1 % fee in the coin received.
    await expectHolding(page, pair.base, received(pair, pair.two));
    await closeSheet(page);
    if (info.project.name === 'mobile') await accountTab(page, 'market');
    const trade = page.getByTestId('trade-row').first();
    await expect(trade).toHaveAttribute('data-qty', pair.two);
    await expect(trade).toHaveAttribute('data-side', 'buy');

    await accountTab(page, 'history');
    const ended = page.getByTestId('history-order').first();
    await expect(ended).toHaveAttribute('data-status', 'success');
    await expect(ended).toHaveAttribute('data-type', 'market');
    await ended.getByTestId('order-details').click();
    const fill = ended.getByTestId('fill-row').first();
    await expect(fill).toHaveAttribute('data-role', 'taker');
    // The other side was the platform's market maker, marked as such.
    await expect(fill.getByText('Platform market maker')).toBeAttached();
  });
});

test("a second person's sell meets the first person's resting buy inside the spread: both filled", async ({
  page,
  request,
  browser,
}, info) => {
  test.slow();
  const pair = pairOf(info);
  const seller = await secondPerson(browser, info);
  await registerByEmail(seller.page, request);
  await registerByEmail(page, request);
  await holdingPrice(pair.code, async () => {
    // The seller first buys some of the coin from the market maker.
    await openSpot(seller.page, pair.code);
    const bought = await place(seller.page, { side: 'buy', type: 'market', qty: pair.three });
    await expect(bought.getByTestId('spot-result')).toHaveAttribute('data-status', 'success');
    const owned = received(pair, pair.three);
    await expectHolding(seller.page, pair.base, owned);

    // The buyer bids in the middle of the spread, where the maker's quotes cannot meet it.
    await openSpot(page, pair.code);
    const { bid, ask } = await spread(page);
    const price = midPriceOf(bid, ask, pair.tick);
    const buy = await place(page, { side: 'buy', type: 'limit', tif: 'gtc', price, qty: pair.two });
    await expect(buy.getByTestId('spot-result')).toHaveAttribute('data-status', 'waiting');
    await expect(
      seller.page.locator(`[data-testid="book-row"][data-side="bid"][data-price="${price}"]`),
    ).toHaveAttribute('data-qty', pair.two);

    // The seller sells exactly there, immediate or cancel.
    const sell = await place(seller.page, {
      side: 'sell',
      type: 'limit',
      tif: 'ioc',
      price,
      qty: pair.two,
    });
    const sold = sell.getByTestId('spot-result');
    await expect(sold).toHaveAttribute('data-status', 'filled');
    await expect(sold).toHaveAttribute('data-filled', pair.two);
    await expect(sold).toContainText(`average price ${Number(price).toLocaleString('en')}`);
    await expectHolding(seller.page, pair.base, netOf(owned, pair.two));

    // The buyer hears of it over the user channel: the open order is gone, filled at its price.
    await accountTab(page, 'open');
    await expect(page.getByTestId('open-order')).toHaveCount(0);
    await accountTab(page, 'history');
    const filled = page.getByTestId('history-order').first();
    await expect(filled).toHaveAttribute('data-status', 'filled');
    await expect(filled.getByTestId('order-avg')).toHaveAttribute('data-value', price);
    await filled.getByTestId('order-details').click();
    const fill = filled.getByTestId('fill-row');
    await expect(fill).toHaveCount(1);
    await expect(fill).toHaveAttribute('data-role', 'maker');
    await expect(fill.getByText('Platform market maker')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectHolding(page, pair.base, received(pair, pair.two));
  });
  expect(seller.errors, 'console errors of the second person').toEqual([]);
  await seller.context.close();
});

test('a limit far from the market is confirmed with a warning; spot orders show in My orders', async ({
  page,
  request,
}, info) => {
  const pair = pairOf(info);
  await registerByEmail(page, request);
  await holdingPrice(pair.code, async () => {
    await openSpot(page, pair.code);
    // The book's columns line up: every price at the tick's decimals, every amount at the lot's.
    const level = page.locator('[data-testid="book-row"][data-side="bid"]').first();
    await expect(level.locator('td').first().locator('.amount')).toHaveText(/\.\d{2}$/);
    await expect(level.locator('td').nth(1).locator('.amount')).toHaveText(/\.\d{4}$/);

    const buy = await openForm(page, 'buy');
    await page.getByTestId('type-limit').click();
    // What is wrong is said, with the step.
    await buy.getByTestId('spot-price').fill('abc');
    await expect(buy.getByText('Enter a number, such as 12.5')).toBeVisible();
    await buy.getByTestId('spot-qty').fill('-1');
    await expect(buy.getByText('Enter an amount above zero')).toBeVisible();
    await buy.getByTestId('spot-qty').fill('0.00001');
    await expect(buy.getByText(`Use steps of 0.0001 ${pair.base}`)).toBeVisible();

    // A buy at three times the market: the confirm step warns, and nothing is sent until
    // the person confirms.
    const market = Number(await page.getByTestId('spot-feed').getAttribute('data-value'));
    await buy.getByTestId('spot-price').fill((market * 3).toFixed(2));
    await buy.getByTestId('spot-qty').fill(pair.one);
    await buy.getByTestId('submit-buy').click();
    const warning = page.getByTestId('spot-confirm').getByTestId('far-warning');
    await expect(warning).toContainText('above the market price');
    await expect(warning).toContainText('trades at once');
    expect(Number(await warning.getAttribute('data-deviation'))).toBeGreaterThan(150);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('spot-confirm')).toHaveCount(0);
    await expect(buy.getByTestId('spot-result')).toHaveCount(0);

    // A sensible limit below the market rests; it is in My orders, with every pair's.
    const { bid } = await spread(page);
    const price = netOf(bid, turnoverOf(pair.tick, '100'));
    await buy.getByTestId('spot-price').fill(price);
    await submitAndConfirm(page, buy, 'buy');
    await expect(buy.getByTestId('spot-result')).toHaveAttribute('data-status', 'waiting');
  });
  await page.goto('/profile/orders');
  await page.getByTestId('orders-tab-spot').click();
  const mine = page.getByTestId('spot-orders');
  await expect(mine.getByTestId('open-order')).toHaveCount(1);
  await expect(mine.getByTestId('open-order')).toHaveAttribute('data-status', 'waiting');
  await mine.getByTestId('cancel-order').click();
  await expect(mine.getByTestId('open-order')).toHaveCount(0);
  await expect(mine.getByTestId('history-order').first()).toHaveAttribute(
    'data-status',
    'cancelled',
  );
  await expectNoSidewaysScroll(page);
});

test.describe('visitors', () => {
  // The app's Content-Security-Policy allows no injected script; axe is the test's, not the app's.
  test.use({ bypassCSP: true });

  test('a visitor sees the book, depth and trades, and a sign-in prompt in place of the forms', async ({
    page,
  }) => {
    await openSpot(page, 'BTCUSDT');
    await expect(page.getByTestId('platform-legend')).toContainText('Platform market maker');
    await expect(
      page.locator('[data-testid="book-row"][data-platform="true"]').first(),
    ).toBeVisible();
    await expect(page.getByTestId('depth-chart')).toBeVisible();
    await expect(page.getByTestId('spot-trades')).toBeVisible();
    await expect(page.getByTestId('spot-sign-in')).toHaveAttribute(
      'href',
      '/pass/login?redirect=%2Fspot%2FBTCUSDT',
    );
    await expect(page.getByTestId('spot-form-buy')).toHaveCount(0);
    await expect(page.getByTestId('spot-fees')).toHaveCount(0);
    await expectAccessible(page);

    // The pair switcher, and an unknown pair.
    await page.getByTestId('pair-ETHUSDT').click();
    await expect(page).toHaveURL(/\/spot\/ETHUSDT$/);
    await expect(page.getByTestId('spot-page')).toHaveAttribute('data-code', 'ETHUSDT');
    await page.goto('/spot/DOGEUSDT');
    await expect(
      page.getByRole('heading', { name: 'This trading pair is not offered' }),
    ).toBeVisible();
    await expect(page.getByTestId('pair-BTCUSDT')).toBeVisible();
  });

  test('the market list and a market page lead to the spot book of a pair', async ({
    page,
    request,
  }) => {
    await page.goto('/market');
    await page.getByTestId('spot-link-BTCUSDT').click();
    await expect(page).toHaveURL(/\/spot\/BTCUSDT$/);

    const res = await request.get(
      '/swx/customer/index/listMarketByType?type=2&size=100&search=ETH',
    );
    const body = (await res.json()) as { result: { list: { id: number; code: string }[] } };
    const eth = body.result.list.find((i) => i.code === 'ETHUSDT');
    expect(eth).toBeDefined();
    await page.goto(`/cruuency?code=ETHUSDT&type=2&id=${eth?.id ?? 0}`);
    await expect(page.getByTestId('spot-promo')).toContainText('ETH/USDT is also traded spot');
    await page.getByTestId('spot-trade-link').click();
    await expect(page).toHaveURL(/\/spot\/ETHUSDT$/);
  });
});

test('coin accounts show held and available coins and lead to their pair', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await page.goto('/profile/balancebb');
  const table = page.getByTestId('coin-accounts');
  await expect(table.getByRole('columnheader', { name: 'Held' })).toBeVisible();
  await expect(page.getByTestId('coin-available-USDT')).toHaveText('10,000');
  await expect(page.getByTestId('coin-held-USDT')).toHaveText('0');
  await expect(page.getByTestId('coin-total-value')).toHaveText(/^10,000(\.00)?$/);
  // In Arabic on a phone too, the wide table scrolls inside its card, not the page.
  await chooseLanguage(page, 'ar');
  await page.reload();
  await expect(page.getByTestId('coin-trade-BTC')).toBeAttached();
  await expectNoSidewaysScroll(page);
  await chooseLanguage(page, 'en');
  await page.reload();
  await page.getByTestId('coin-trade-ETH').click();
  await expect(page).toHaveURL(/\/spot\/ETHUSDT$/);
  await page.goto('/profile/balancebb');
  await page.getByTestId('coin-trade-USDT').click();
  await expect(page).toHaveURL(/\/spot\/BTCUSDT$/);
});

test('the spot page in Arabic: right to left, no raw keys, nothing left in English', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await chooseLanguage(page, 'ar');
  await openSpot(page, 'BTCUSDT');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const buy = await openForm(page, 'buy');
  await expect(page.getByTestId('spot-ledger')).toHaveText('تجريبي');
  await buy.getByTestId('spot-qty').fill('0.001');
  await expect(buy.getByTestId('fee')).toHaveAttribute('data-value', /^\d/);
  const spot = page.getByTestId('spot-page');
  const codes = ['BTC', 'USDT', 'ETH', 'USDC', 'BTCUSDT'];
  const words = (text: string) =>
    (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !codes.includes(w));
  expect(words(await spot.innerText())).toEqual([]);
  expect(words(await buy.innerText())).toEqual([]);
  // An order filled by the market maker: its answer, and its fills with the maker's mark.
  await holdingPrice('BTCUSDT', async () => {
    await page.getByTestId('type-market').click();
    await buy.getByTestId('spot-qty').fill('0.001');
    await buy.getByTestId('submit-buy').click();
    const confirm = page.getByTestId('spot-confirm');
    expect(words(await confirm.innerText())).toEqual([]);
    await confirm.getByTestId('spot-confirm-submit').click();
    await expect(buy.getByTestId('spot-result')).toHaveAttribute('data-status', 'success');
  });
  expect(words(await buy.innerText())).toEqual([]);
  expect(words(await spot.innerText())).toEqual([]);
  await accountTab(page, 'history');
  await page.getByTestId('order-details').first().click();
  await expect(page.getByTestId('fill-row')).toHaveCount(1);
  expect(words(await spot.innerText())).toEqual([]);
  await expectNoSidewaysScroll(page);
  await accountTab(page, 'holdings');
  expect(words(await spot.innerText())).toEqual([]);
  // Right to left: the book's price column starts at the right, the asks stay above the bids.
  const book = page.getByTestId('spot-book');
  const bookBox = await book.boundingBox();
  const priceBox = await book.locator('thead th').first().boundingBox();
  expect(bookBox).not.toBeNull();
  expect(priceBox).not.toBeNull();
  if (bookBox !== null && priceBox !== null) {
    expect(priceBox.x + priceBox.width).toBeGreaterThan(bookBox.x + bookBox.width / 2);
  }
  const askBox = await page.getByTestId('book-asks').boundingBox();
  const bidBox = await page.getByTestId('book-bids').boundingBox();
  expect((askBox?.y ?? 0) < (bidBox?.y ?? 0)).toBe(true);
  await expectNoSidewaysScroll(page);
});
