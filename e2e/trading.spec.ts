import { mkdir, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';

interface Instrument {
  id: number;
  code: string;
  precision: number;
}

/** An instrument's id and price precision, as the market list of its category gives them. */
async function instrument(
  request: APIRequestContext,
  code: string,
  type = 2,
): Promise<Instrument & { type: number }> {
  const res = await request.get(
    `/swx/customer/index/listMarketByType?type=${type}&size=100&search=${code.replace('USDT', '')}`,
  );
  const body = (await res.json()) as { result: { list: Instrument[] } };
  const found = body.result.list.find((i) => i.code === code);
  if (found === undefined) throw new Error(`${code} is not listed`);
  return { ...found, type };
}

/**
 * Feeds one tick at `price` now (DEV_FEED_ROUTE). The simulator ticks every 500 ms: a tick it
 * stamped a millisecond later wins and ours is refused, so a refusal is tried once more.
 */
async function pushTick(request: APIRequestContext, code: string, price: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await request.post('/dev/ticks', { data: { code, price } });
    const body = (await res.json()) as { code: number; result: { accepted: boolean } };
    expect(body.code).toBe(200);
    if (body.result.accepted) return;
  }
  throw new Error(`the feed refused ${code} at ${price} twice`);
}

/**
 * Both layouts run this file at once against one server, and a test that moves a price would
 * fire the other's stops on the same instrument: such tests hold the instrument for themselves.
 */
async function holdingPrice<T>(code: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `kestrel-e2e-price-${process.ppid}-${code}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await run();
  } finally {
    await rmdir(lock);
  }
}

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

/** Opens the market's page and waits for its trade panel to have a quote. */
async function openPanel(page: Page, i: Instrument & { type: number }): Promise<Locator> {
  await page.goto(`/cruuency?code=${i.code}&type=${i.type}&id=${i.id}`);
  const panel = page.getByTestId('trade-panel');
  await expect(panel.getByTestId('quote-ask')).toHaveAttribute('data-value', /\d/);
  return panel;
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
      await expect(panel.getByTestId('trade-book')).toHaveText('Demo');
      await expect(panel.getByTestId('risk-warning')).toHaveAttribute('href', /^\/detail\?id=\d+/);
      const ask = await valueOf(panel.getByTestId('quote-ask'));
      await openContract(page, panel, {
        side: 'long',
        lots: '0.01',
        stopLoss: scaled(ask * 0.95, btc.precision),
        takeProfit: scaled(ask * 1.01, btc.precision),
      });

      // From the profile page to the orders screen: the position is open, priced live.
      await page.goto('/profile');
      await page.locator('a[href="/profile/orders"]').click();
      await expect(page.getByTestId('profit-total')).toBeVisible();
      const position = page.getByTestId('position-row');
      await expect(position).toHaveCount(1);
      await expect(position).toHaveAttribute('data-side', 'long');
      await expect(position.getByTestId('position-pnl')).toHaveAttribute('data-value', /\d/);

      // A tick far above the take profit fires it; the user channel tells the screen.
      await pushTick(request, 'BTCUSDT', scaled(ask * 1.2, btc.precision));
      await expect(position).toHaveCount(0);
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
  await panel.getByTestId('trade-tab-option').click();
  await expect(panel.getByTestId('option-form')).toBeVisible();
  expect(words(await panel.innerText())).toEqual([]);
});
