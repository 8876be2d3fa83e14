import type { Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EARN_SERVER_ENV, Operator, passMinutes, personOf } from './support/earn.ts';
import { expect, registerByEmail, test } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';
import { secondPerson } from './support/second-person.ts';

/**
 * Charity NFT auctions (issue 24). Auctions end with time, so this file has its own server,
 * whose clock the tests move (POST /dev/clock {minutes}); its tests run one after another on
 * it, and it stops with the file.
 */
let server: OwnServer | undefined;
const PORT = 4520 + Number(process.env.TEST_WORKER_INDEX ?? 0);
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

/** Morning Kite, the first seeded NFT: its sale is made in beforeAll, ending in 10 minutes. */
const NFT = 1;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-e2e-nfts-'));
  server = new OwnServer(PORT, dir, EARN_SERVER_ENV);
  await server.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  await (await Operator.signIn(request)).nftSale(NFT, 10);
  await request.dispose();
});
test.afterAll(async () => {
  await server?.kill();
  server = undefined;
});

/** Opens the NFT in the real book (the page offers the switch from demo). */
async function openInReal(page: Page): Promise<void> {
  await page.goto(`/nfts/${NFT}`);
  await page.getByTestId('switch-real').click();
  await expect(page.getByTestId('nft-bid-form')).toBeVisible();
}

async function bid(page: Page, amount: string): Promise<void> {
  await page.getByTestId('nft-bid-amount').fill(amount);
  await page.getByTestId('nft-bid').click();
  await expect(page.getByTestId('nft-confirm')).toContainText(amount);
  await page.getByTestId('nft-confirm-button').click();
  await expect(page.getByTestId('nft-done')).toBeVisible();
}

const zero = /^0(\.0+)?$/;

test('two people bid live: the outbid bid comes back on screen, a last-minute bid extends the end, the winner owns the NFT and the donations rise', async ({
  page,
  request,
  browser,
}, info) => {
  const operator = await Operator.signIn(request);
  await registerByEmail(page, request);
  await operator.credit((await personOf(page)).id, '1000');
  const other = await secondPerson(browser, info, BASE);
  await registerByEmail(other.page, request);
  await operator.credit((await personOf(other.page)).id, '1000');

  await page.goto('/nfts/donations');
  await expect(page.getByTestId('nft-donations-total')).toHaveAttribute('data-value', '0');

  await openInReal(page);
  // Where the price goes, before anyone bids.
  await expect(page.getByTestId('nft-split-charityPercent')).toHaveAttribute('data-value', '80');
  await expect(page.getByTestId('nft-min-bid')).toHaveAttribute('data-value', '100');
  await bid(page, '100');
  await expect(page.getByTestId('nft-leading')).toBeVisible();
  await expect(page.getByTestId('nft-held')).toHaveAttribute('data-value', /^100(\.0+)?$/);

  await openInReal(other.page);
  await expect(other.page.getByTestId('nft-min-bid')).toHaveAttribute('data-value', '105');
  await bid(other.page, '105');

  // The first bidder's screen, never reloaded: their bid is back, the new one shown.
  await expect(page.getByTestId('nft-current-bid')).toHaveAttribute('data-value', '105');
  await expect(page.getByTestId('nft-held')).toHaveAttribute('data-value', zero);
  await expect(page.getByTestId('nft-available')).toHaveAttribute('data-value', /^1000(\.0+)?$/);
  await expect(page.getByTestId('nft-leading')).toHaveCount(0);
  // Told at once, with the new minimum; the "placed and leads" line is gone.
  await expect(page.getByTestId('nft-outbid')).toContainText('You were outbid');
  await expect(page.getByTestId('nft-outbid')).toContainText('110.25');
  await expect(page.getByTestId('nft-done')).toHaveCount(0);

  // Seven of ten minutes pass; a bid now, three minutes before the end, moves it later.
  const endBefore = await other.page.getByTestId('nft-ends-at').getAttribute('data-value');
  await passMinutes(request, 7);
  await bid(page, '120');
  await expect(other.page.getByTestId('nft-ends-at')).not.toHaveAttribute(
    'data-value',
    endBefore ?? '',
  );
  const endAfter = await other.page.getByTestId('nft-ends-at').getAttribute('data-value');
  expect(Date.parse(endAfter ?? '')).toBeGreaterThan(Date.parse(endBefore ?? ''));
  await expect(other.page.getByTestId('nft-held')).toHaveAttribute('data-value', zero);

  // Past the new end: the job settles the sale, and both screens say so without a reload.
  await passMinutes(request, 6);
  await expect(page.getByTestId('nft-result')).toContainText('You won this NFT for 120 USDT');
  await expect(page.getByTestId('nft-result')).toContainText('96 USDT went to the children');
  await expect(other.page.getByTestId('nft-result')).toContainText('Sold to');
  await expect(page.getByTestId('nft-history-row').first()).toHaveAttribute('data-status', 'won');

  await page.goto('/nfts?tab=mine');
  await expect(page.getByTestId('nft-mine').getByTestId('nft')).toContainText('Morning Kite');
  await page.goto('/nfts/donations');
  await expect(page.getByTestId('nft-donations-total')).toHaveAttribute('data-value', '96');
  await expect(page.getByTestId('nft-donation-sale')).toContainText('Morning Kite');
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('a visitor reads the sale and its rules, and is asked to log in to bid', async ({ page }) => {
  await page.goto('/nfts');
  await page.getByTestId('nft-filter-sold').click();
  await expect(page.getByTestId('nft')).toHaveCount(1);
  await page.getByTestId('nft-filter-all').click();
  await expect(page.getByTestId('nft')).toHaveCount(3);
  await page.getByTestId('nft').first().getByTestId('nft-open').click();
  await expect(page.getByTestId('nft-history')).toBeVisible();
  await page.goto('/nfts/2');
  await expect(page.getByTestId('nft-not-on-sale')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test.describe('in Arabic', () => {
  test.use({ language: 'ar' });

  test('the sale, its bids and the donations read right to left, with nothing left in English', async ({
    page,
  }) => {
    for (const route of [`/nfts/${NFT}`, '/nfts/donations', '/nfts?tab=bids']) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('main h1')).toBeVisible();
      const words = (await page.locator('main').innerText())
        .replace(/0x[0-9a-fA-F…]+|USDT|NFT|ID|Morning Kite|Paper Boats|First Library/g, '')
        .replace(/Lena Ortiz|Kenji Mori|Amara Okafor|\S\*\*\*\S?/g, '')
        .match(/[A-Za-z]{3,}/g);
      expect(words ?? [], route).toEqual([]);
    }
  });
});
