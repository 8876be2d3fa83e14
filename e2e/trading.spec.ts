import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { holdingPrice, instrument, pushTick, type Instrument } from './support/prices.ts';

const scaled = (value: number, precision: number) => value.toFixed(precision);

/** axe-core injected as e2e/a11y.spec.ts does: serious and critical violations fail. */
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

/**
 * Opens the market's page and waits for its trade panel to have a quote. On a phone the panel
 * opens from the Buy/Sell bar pinned at the bottom of the screen.
 */
async function openPanel(page: Page, i: Instrument & { type: number }): Promise<Locator> {
  await page.goto(`/cruuency?code=${i.code}&type=${i.type}&id=${i.id}`);
  await openTradeSheet(page);
  const panel = page.getByTestId('trade-panel');
  await expect(panel.getByTestId('quote-ask')).toHaveAttribute('data-value', /\d/);
  return panel;
}

/** On a phone, taps Buy in the bar pinned at the bottom to open the order sheet. */
async function openTradeSheet(page: Page): Promise<void> {
  const bar = page.getByTestId('trade-bar');
  if ((await page.evaluate(() => document.documentElement.dataset.layout)) !== 'mobile') return;
  await expect(bar).toBeInViewport();
  await bar.getByRole('button').first().click();
  await expect(page.getByTestId('trade-sheet')).toBeVisible();
}

/** The order sheet of a phone closed again (Escape), so the page under it can be used. */
async function closeTradeSheet(page: Page): Promise<void> {
  const sheet = page.getByTestId('trade-sheet');
  if ((await sheet.count()) === 0 || !(await sheet.isVisible())) return;
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

/**
 * Nothing sticks out sideways. On a phone the browser zooms a too-wide page out to fit it, so
 * the layout viewport is compared with the screen's width rather than with the page's.
 */
async function expectFitsWidth(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const fit = await page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
  }));
  expect(fit.inner).toBe(width);
  expect(fit.scroll).toBeLessThanOrEqual(width);
}

/** The button is on screen as the page opened: nothing was scrolled to reach it. */
async function expectInFirstView(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

async function valueOf(locator: Locator): Promise<number> {
  return Number(await locator.getAttribute('data-value'));
}

/** Fills the contract form, reviews it, checks the figures in the confirm step and confirms. */
async function openContract(
  page: Page,
  panel: Locator,
  order: { side: 'long' | 'short'; lots: string; stopLoss: string; takeProfit: string },
): Promise<void> {
  await panel.getByTestId(`side-${order.side}`).click();
  await panel.getByTestId('lots').fill(order.lots);
  await panel.getByTestId('stop-loss').fill(order.stopLoss);
  await panel.getByTestId('take-profit').fill(order.takeProfit);
  await expect(panel.getByTestId('figure-margin')).toHaveAttribute('data-value', /\d/);
  await panel.getByTestId('trade-review').click();
  const confirm = page.getByTestId('trade-confirm');
  // What will be held and charged, before anything is sent.
  await expect(confirm.getByTestId('figure-margin')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  await expect(confirm.getByTestId('figure-margin')).toContainText('USDT');
  await expect(confirm.getByTestId('figure-fee')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  await expect(confirm.getByTestId('figure-liquidation')).toHaveAttribute('data-value', /\d/);
  await expect(confirm.getByTestId('figure-tp')).toHaveAttribute('data-value', /^\d/);
  await expect(confirm.getByTestId('figure-sl')).toHaveAttribute('data-value', /^-\d/);
  expect(await valueOf(confirm.getByTestId('figure-margin'))).toBeGreaterThan(0);
  await confirm.getByTestId('trade-confirm-submit').click();
  await expect(confirm).toHaveCount(0);
  await expect(panel.getByTestId('trade-done')).toBeVisible();
}

/** The order's detail page recomputes every stored figure and finds each equal. */
async function expectRecomputeMatches(page: Page, rows: string[]): Promise<void> {
  const recompute = page.getByTestId('recompute');
  await expect(recompute).toHaveAttribute('data-matches', 'true');
  for (const what of rows) {
    await expect(recompute.locator(`[data-what="${what}"]`)).toHaveAttribute(
      'data-matches',
      'true',
    );
  }
}

test.describe('contracts', () => {
  test('a long at market shows its margin and fee before confirming, and closes by take profit with a profit that recomputes', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    const btc = await instrument(request, 'BTCUSDT');
    await holdingPrice('BTCUSDT', async () => {
      const panel = await openPanel(page, btc);
      // The form beside the chart (a phone: in the sheet from the bar), its button in view.
      await expectInFirstView(page, panel.getByTestId('trade-review'));
      await expect(panel.getByTestId('trade-book')).toHaveText('Demo');
      await expect(panel.getByTestId('risk-warning')).toHaveAttribute('href', /^\/detail\?id=\d+/);
      const ask = await valueOf(panel.getByTestId('quote-ask'));
      await openContract(page, panel, {
        side: 'long',
        lots: '0.01',
        stopLoss: scaled(ask * 0.95, btc.precision),
        takeProfit: scaled(ask * 1.01, btc.precision),
      });

      // Under the chart, the person's position on this market.
      await closeTradeSheet(page);
      await expectFitsWidth(page);
      const onMarket = page.getByTestId('market-orders');
      await expect(onMarket.getByTestId('market-orders-tab-positions')).toHaveText(/\(1\)/);
      await expect(onMarket.getByTestId('position-row')).toHaveCount(1);
      await expect(onMarket.getByTestId('position-roe')).toHaveAttribute('data-value', /\d/);

      // From the profile page to the orders screen: the position is open, priced live.
      await page.goto('/profile');
      await page.locator('a[href="/profile/orders"]').click();
      await expect(page.getByTestId('profit-total')).toBeVisible();
      const position = page.getByTestId('position-row');
      await expect(position).toHaveCount(1);
      await expect(position).toHaveAttribute('data-side', 'long');
      await expect(position.getByTestId('position-pnl')).toHaveAttribute('data-value', /\d/);
      await expectFitsWidth(page);

      // Nothing realised while it is open: its fee belongs to the open position.
      await expect(page.getByTestId('profit-total-value')).toHaveAttribute('data-value', /^0/);
      expect(await valueOf(page.getByTestId('open-fees'))).toBeGreaterThan(0);
      await expect(page.getByTestId('equity')).toHaveAttribute('data-value', /^\d/);

      // A tick far above the take profit fires it; the user channel tells the screen, and a
      // message says what closed, why and for how much.
      await pushTick(request, 'BTCUSDT', scaled(ask * 1.2, btc.precision));
      await expect(position).toHaveCount(0);
      const notice = page.getByTestId('toast');
      await expect(notice).toContainText('Closed by take profit');
      await expect(notice).toContainText('BTCUSDT Buy / long');
      expect(await valueOf(notice.getByTestId('notice-profit'))).toBeGreaterThan(0);
    });
    await page.getByTestId('orders-tab-history').click();
    const closed = page.getByTestId('orders-closed').getByTestId('history-row');
    await expect(closed).toHaveCount(1);
    await expect(closed).toHaveAttribute('data-reason', 'take_profit');
    await expect(closed.getByTestId('history-reason')).toContainText('Closed by take profit');
    expect(await valueOf(closed.getByTestId('history-profit'))).toBeGreaterThan(0);
    await expect(page.getByTestId('profit-total-value')).toHaveAttribute('data-value', /^\d/);

    await closed.getByTestId('order-link').click();
    await expect(page.getByTestId('tick-open')).toHaveAttribute('data-ts', /^\d+$/);
    await expect(page.getByTestId('tick-close')).toHaveAttribute('data-ts', /^\d+$/);
    await expectRecomputeMatches(page, ['margin', 'fee', 'liquidation', 'profit']);
  });

  test('a short is closed at market from Positions', async ({ page, request }) => {
    await registerByEmail(page, request);
    const eth = await instrument(request, 'ETHUSDT');
    const panel = await openPanel(page, eth);
    const bid = await valueOf(panel.getByTestId('quote-bid'));
    await openContract(page, panel, {
      side: 'short',
      lots: '0.1',
      stopLoss: scaled(bid * 1.05, eth.precision),
      takeProfit: scaled(bid * 0.9, eth.precision),
    });

    await page.goto('/profile/orders?tab=positions');
    const position = page.getByTestId('position-row');
    await expect(position).toHaveAttribute('data-side', 'short');
    // Stops can be moved while it is open, with the same checks as at opening.
    await position.getByTestId('position-edit').click();
    const edit = page.getByTestId('edit-stops');
    await edit.getByTestId('edit-take-profit').fill(scaled(bid * 1.2, eth.precision));
    await expect(edit.getByText('Set a reasonable take profit')).toBeVisible();
    await expect(edit.getByTestId('edit-save')).toBeDisabled();
    const takeProfit = scaled(bid * 0.8, eth.precision);
    await edit.getByTestId('edit-take-profit').fill(takeProfit);
    await edit.getByTestId('edit-save').click();
    await expect(edit).toHaveCount(0);
    await expect(position.getByTestId('order-tp')).toHaveText(
      new Intl.NumberFormat('en', { minimumFractionDigits: eth.precision }).format(
        Number(takeProfit),
      ),
    );
    await position.getByTestId('position-close').click();
    await expect(page.getByTestId('close-confirm')).toBeVisible();
    await page.getByTestId('close-submit').click();
    await expect(position).toHaveCount(0);

    await page.getByTestId('orders-tab-history').click();
    const closed = page.getByTestId('orders-closed').getByTestId('history-row');
    await expect(closed).toHaveAttribute('data-reason', 'manual');
    await expect(closed.getByTestId('history-profit')).toHaveAttribute('data-value', /\d/);
    await closed.getByTestId('order-link').click();
    await expectRecomputeMatches(page, ['margin', 'fee', 'profit']);
  });

  test('a limit order far from the price waits, is cancelled, and its hold comes back', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    const btc = await instrument(request, 'BTCUSDT');
    const panel = await openPanel(page, btc);
    await panel.getByTestId('type-limit').click();
    const ask = await valueOf(panel.getByTestId('quote-ask'));
    const limit = ask * 0.5;
    // A limit the market has already reached is refused at once, in the form.
    await panel.getByTestId('limit-price').fill(scaled(ask * 2, btc.precision));
    await expect(panel.getByText('Set a limit price: below the ask to buy')).toBeVisible();
    await panel.getByTestId('limit-price').fill(scaled(limit, btc.precision));
    await openContract(page, panel, {
      side: 'long',
      lots: '0.01',
      stopLoss: scaled(limit * 0.97, btc.precision),
      takeProfit: scaled(limit * 1.1, btc.precision),
    });
    await expect(panel.getByTestId('trade-done')).toContainText('waits for');

    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).not.toHaveText('10,000');
    await page.goto('/profile/orders?tab=pending');
    const pending = page.getByTestId('pending-row');
    await expect(pending).toHaveCount(1);
    await pending.getByTestId('pending-cancel').click();
    await expect(page.getByTestId('cancel-confirm')).toBeVisible();
    await page.getByTestId('cancel-submit').click();
    await expect(pending).toHaveCount(0);
    await page.getByTestId('orders-tab-history').click();
    await expect(page.getByTestId('orders-cancelled').getByTestId('history-row')).toHaveAttribute(
      'data-status',
      'cancelled',
    );

    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('10,000');
  });
});

test('contracts, options and spot are one click from the shell on a desktop, two taps on a phone, from every screen', async ({
  page,
}, info) => {
  const mobile = info.project.name === 'mobile';
  await page.goto('/help');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  /** A trade entry: in the navigation on a desktop; behind the Trade tab's sheet on a phone. */
  const entry = async (name: string) => {
    if (!mobile) return nav.getByRole('link', { name });
    await nav.getByTestId('tab-trade').click();
    const sheet = page.getByTestId('trade-entries');
    await expect(sheet).toBeVisible();
    return sheet.getByRole('link', { name });
  };
  await (await entry('Contracts')).click();
  await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT&type=2&id=\d+&panel=contract$/);
  if (mobile) {
    await expect(page.getByTestId('trade-entries')).toBeHidden();
    await expect(nav.getByTestId('tab-trade')).toHaveClass(/active/);
  } else {
    await expect(nav.getByRole('link', { name: 'Contracts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await openTradeSheet(page);
  await expect(page.getByTestId('trade-tab-contract')).toHaveAttribute('aria-selected', 'true');
  await closeTradeSheet(page);

  await (await entry('Options')).click();
  await expect(page).toHaveURL(/panel=option$/);
  await openTradeSheet(page);
  await expect(page.getByTestId('trade-tab-option')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('option-form')).toBeVisible();
  await closeTradeSheet(page);

  await (await entry('Spot')).click();
  await expect(page).toHaveURL(/\/spot\/BTCUSDT$/);
  await expect(page.getByTestId('spot-page')).toBeVisible();
  if (mobile) {
    // SPEC §2's five destinations are one tap away, with Trade: six tabs, each on one line.
    await expect(nav.getByRole('link')).toHaveCount(5);
    for (const item of await nav.locator('.tabbar-item').all()) {
      const box = await item.locator('span').boundingBox();
      expect(box?.height ?? 99).toBeLessThan(20);
    }
    await nav.getByRole('link', { name: 'Smart trading' }).click();
    await expect(page).toHaveURL(/\/trading$/);
    await nav.getByRole('link', { name: 'Loans' }).click();
    await expect(page).toHaveURL(/\/loan$/);
  }
});

test('the form says what is wrong: lots bounds, and a stop loss past liquidation refused', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  const btc = await instrument(request, 'BTCUSDT');
  const panel = await openPanel(page, btc);
  const lots = panel.getByTestId('lots');
  await lots.fill('5000');
  await expect(panel.getByText('The maximum is 1,000')).toBeVisible();
  await lots.fill('0.0001');
  await expect(panel.getByText('The minimum is 0.001')).toBeVisible();
  await lots.fill('0.0015');
  await expect(panel.getByText('Use steps of 0.001')).toBeVisible();
  await lots.fill('ten');
  await expect(panel.getByText('Enter a number, such as 12.5')).toBeVisible();
  await lots.fill('0.01');
  await expect(panel.getByTestId('figure-value')).toHaveAttribute('data-value', /^\d/);
  await panel.getByTestId('trade-tab-option').click();
  const amount = panel.getByTestId('option-amount');
  await amount.fill('5');
  await expect(panel.getByText('The minimum is 10 USDT')).toBeVisible();
  await amount.fill('6000');
  await expect(panel.getByText('The maximum is 5,000 USDT')).toBeVisible();
  await panel.getByTestId('trade-tab-contract').click();

  // At 100x a long is liquidated 0.5 % under its price: a stop loss 2 % under can never fire.
  await panel.getByTestId('leverage').selectOption('100');
  const ask = await valueOf(panel.getByTestId('quote-ask'));
  const liquidation = await valueOf(panel.getByTestId('figure-liquidation'));
  await panel.getByTestId('stop-loss').fill(scaled(ask * 0.98, btc.precision));
  await panel.getByTestId('take-profit').fill(scaled(ask * 1.01, btc.precision));
  expect(ask * 0.98).toBeLessThan(liquidation);
  await expect(panel.getByText(/before the liquidation price/)).toBeVisible();
  await expect(panel.getByTestId('figure-sl')).not.toHaveAttribute('data-value', /./);
  await panel.getByTestId('trade-review').click();
  await expect(page.getByTestId('trade-confirm')).toHaveCount(0);
  // Above the liquidation price it is taken.
  await panel.getByTestId('stop-loss').fill(scaled(ask * 0.997, btc.precision));
  await expect(panel.getByTestId('figure-sl')).toHaveAttribute('data-value', /^-\d/);
});

test('an empty Real account leads to a deposit, or back to Demo', async ({ page, request }) => {
  await registerByEmail(page, request);
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('kestrel.preferences') ?? '{}') as object;
    localStorage.setItem('kestrel.preferences', JSON.stringify({ ...saved, book: 'real' }));
  });
  const eth = await instrument(request, 'ETHUSDT');
  const panel = await openPanel(page, eth);
  await expect(panel.getByTestId('trade-book')).toHaveText('Real');
  const ask = await valueOf(panel.getByTestId('quote-ask'));
  await panel.getByTestId('stop-loss').fill(scaled(ask * 0.95, eth.precision));
  await panel.getByTestId('take-profit').fill(scaled(ask * 1.05, eth.precision));
  const funds = panel.getByTestId('insufficient-funds');
  await expect(funds).toContainText('Your Real account does not hold enough USDT');
  await expect(funds.getByTestId('fund-deposit')).toHaveAttribute('href', '/profile/deposit');
  await funds.getByTestId('fund-demo').click();
  await expect(panel.getByTestId('trade-book')).toHaveText('Demo');
  await expect(funds).toHaveCount(0);
});

test('a 30-second option counts down, settles and recomputes', async ({ page, request }, info) => {
  // Thirty seconds of option, then the settlement after expiry and its grace.
  test.slow();
  await registerByEmail(page, request);
  // One instrument per layout: each pushes its own prices up during its option's life.
  const code = info.project.name === 'mobile' ? 'BNBUSDT' : 'SOLUSDT';
  const market = await instrument(request, code);
  const panel = await openPanel(page, market);
  await panel.getByTestId('trade-tab-option').click();
  await panel.getByTestId('option-period-30').click();
  await panel.getByTestId('option-up').click();
  await panel.getByTestId('option-amount').fill('20');
  await expect(panel.getByTestId('option-payout')).toHaveAttribute('data-value', /^\d/);
  const payout = await valueOf(panel.getByTestId('option-payout'));
  expect(payout).toBeGreaterThan(20);
  await panel.getByTestId('option-review').click();
  await page.getByTestId('option-confirm-submit').click();
  const active = panel.getByTestId('option-active');
  await expect(active.getByTestId('option-countdown')).toBeVisible();

  // Push the price up in the winning direction while the option runs.
  const ask = await valueOf(panel.getByTestId('quote-ask'));
  while (await active.getByTestId('option-countdown').isVisible()) {
    await pushTick(request, code, scaled(ask * 1.2, market.precision));
    // A few pushes a second: the simulator's own ticks come every 500 ms.
    await new Promise((r) => setTimeout(r, 150));
  }
  const result = active.getByTestId('option-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toHaveAttribute('data-outcome', /^(won|lost|draw)$/);

  await active.getByTestId('option-detail-link').click();
  await expect(page.getByTestId('tick-settle')).toHaveAttribute('data-ts', /^\d+$/);
  await expectRecomputeMatches(page, ['outcome', 'paid']);
  await page.goto('/profile/orders?tab=options');
  await expect(page.getByTestId('option-row').first()).toHaveAttribute('data-status', 'settled');
});

test.describe('visitors', () => {
  // The app's Content-Security-Policy allows no injected script; axe is the test's, not the app's.
  test.use({ bypassCSP: true });

  test('a visitor sees the panel with a sign-in prompt; a market without contracts offers options', async ({
    page,
    request,
  }) => {
    const panel = await openPanel(page, await instrument(request, 'BTCUSDT'));
    await expect(panel.getByTestId('trade-sign-in')).toHaveAttribute(
      'href',
      /^\/pass\/login\?redirect=%2Fcruuency/,
    );
    await expect(panel.getByTestId('trade-review')).toHaveCount(0);
    await expect(panel.getByTestId('figure-margin')).toBeVisible();
    await expectAccessible(page);

    // USDJPY settles in yen: contracts are not offered there (yet), options are.
    await openPanel(page, await instrument(request, 'USDJPY', 1));
    await expect(panel.getByTestId('no-contracts')).toContainText(
      'Contracts are not offered on USDJPY',
    );
    await panel.getByTestId('trade-tab-option').click();
    await expect(panel.getByTestId('option-form')).toBeVisible();
    await expect(panel.getByTestId('trade-sign-in')).toBeVisible();
    await expectAccessible(page);
  });
});

test('the panel in Arabic: right to left, nothing left in English', async ({ page, request }) => {
  await registerByEmail(page, request);
  const eth = await instrument(request, 'ETHUSDT');
  await chooseLanguage(page, 'ar');
  const panel = await openPanel(page, eth);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(panel.getByTestId('trade-book')).not.toHaveText('Demo');
  await panel.getByTestId('stop-loss').fill('1');
  const words = (text: string) =>
    (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['ETHUSDT', 'USDT'].includes(w));
  expect(words(await panel.innerText())).toEqual([]);
  // A profit's sign sits inside its left-to-right figure: "+12.3 USDT", never "12.3 USDT+".
  const ask = await valueOf(panel.getByTestId('quote-ask'));
  await panel.getByTestId('stop-loss').fill(scaled(ask * 0.95, eth.precision));
  await panel.getByTestId('take-profit').fill(scaled(ask * 1.05, eth.precision));
  const profit = panel.getByTestId('figure-tp').locator('.num');
  await expect(profit).toHaveText(/^\+[\d,.]+ USDT$/);
  await expect(profit).toHaveCSS('direction', 'ltr');
  await expect(profit).toHaveCSS('unicode-bidi', 'isolate');
  await panel.getByTestId('trade-tab-option').click();
  await expect(panel.getByTestId('option-form')).toBeVisible();
  expect(words(await panel.innerText())).toEqual([]);
});
