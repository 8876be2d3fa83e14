import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EARN_SERVER_ENV, Operator, passDays, personOf } from './support/earn.ts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { comparable, pdfText, renderPage } from '../server/test/helpers/pdf.ts';
import { OwnServer } from './support/own-server.ts';
import { staffWindow } from './support/staff.ts';

/**
 * Smart plans and loans (issue 23). Days must pass for either to show anything, so this file
 * has its own server, whose clock the tests move (POST /dev/clock): the shared server's other
 * tests never see a day jump. Its tests run one after another on it, and it stops with the
 * file (a server kept for the worker's life slowed every later test); its prices tick slowly,
 * since nothing here trades.
 */
let server: OwnServer | undefined;
/** This worker's port (Playwright numbers its workers): desktop and mobile may run at once. */
const PORT = 4500 + Number(process.env.TEST_WORKER_INDEX ?? 0);
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  // A first start creates the database and back-fills candles: longer than a test on a busy box.
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-e2e-earn-'));
  server = new OwnServer(PORT, dir, EARN_SERVER_ENV);
  await server.start();
  const request = await playwright.request.newContext({ baseURL: server.url });
  const operator = await Operator.signIn(request);
  await operator.planProduct('Steady 10');
  await operator.loanProduct('Flex');
  await request.dispose();
});
test.afterAll(async () => {
  await server?.kill();
  server = undefined;
});

async function operator(page: Page): Promise<Operator> {
  return Operator.signIn(page.request);
}

/** Draws a signature on the loan agreement's pad, as a person would with a finger. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('loans-signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (box === null) throw new Error('no signature pad on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    const x = box.x + 20 + (i * (box.width - 40)) / 24;
    await page.mouse.move(x, y + Math.sin(i / 2) * (box.height / 4), { steps: 2 });
  }
  await page.mouse.up();
}

test('smart plan: subscribed in Real from the preview, paid a day from the reserve, left early with the stated penalty', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await (await operator(page)).credit((await personOf(page)).id, '1000');
  await page.goto('/trading');
  const product = page.getByTestId('plans-product').filter({ hasText: 'Steady 10' });
  // The reserve behind the product, in the open.
  await expect(product.getByTestId('plans-reserve')).toContainText('1,000');

  // Demo accounts cannot subscribe: the message offers the switch to Real.
  await expect(product.getByTestId('plans-real-only')).toBeVisible();
  await product.getByTestId('switch-real').click();
  await expect(page.getByTestId('plans-real-only')).toHaveCount(0);

  // The daily rate beside its annual figure; the balance the form can use; the risk in words.
  await expect(product.getByTestId('plans-annual')).toHaveAttribute('data-value', '365');
  await expect(product.getByTestId('plans-available')).toHaveAttribute('data-value', /^1000/);
  await expect(product.getByTestId('plans-risk')).toContainText('Not a bank deposit');
  // When earnings start and are paid, before anything is bought.
  await expect(product.getByTestId('plans-schedule')).toContainText(
    'each day is paid after it ends',
  );
  // More than the balance: the shortfall is said before Review, which waits for a smaller amount.
  await product.getByTestId('plans-amount').fill('1500');
  await expect(product.getByTestId('plans-shortfall')).toHaveAttribute(
    'data-value',
    /^500(\.0+)?$/,
  );
  await expect(product.getByRole('button', { name: 'Review subscription' })).toBeDisabled();

  // Before confirming: 2 a day, 20 in all, 220 at maturity, 190 if left today.
  await product.getByTestId('plans-amount').fill('200');
  await expect(product.getByTestId('plans-shortfall')).toHaveCount(0);
  const preview = product.getByTestId('plans-preview');
  await expect(preview.locator('[data-value="2.000000"]')).toBeVisible();
  await expect(preview.locator('[data-value="220.000000"]')).toBeVisible();
  await expect(preview.locator('[data-value="190.000000"]')).toBeVisible();
  await product.getByRole('button', { name: 'Review subscription' }).click();
  await product.getByTestId('plans-confirm-button').click();
  await expect(product.getByTestId('plans-done')).toBeVisible();

  // Bought today, the plan earns from tomorrow: the day is paid when it has ended.
  await passDays(page.request, 2);
  await page.goto('/trading?tab=mine');
  const plan = page.getByTestId('plans-plan').first();
  await expect(plan).toHaveAttribute('data-status', 'earning');
  await expect(plan.locator('dd[data-value="2"]').first()).toBeVisible();
  await expect(plan).toContainText('1 / 10');
  await expect(plan.getByTestId('plans-paid-when')).toContainText('each day is paid after it ends');

  // Leaving early: the penalty (5% of 200) and what comes back are said before the click.
  await plan.getByTestId('plans-exit').click();
  await expect(plan.getByTestId('plans-exit-confirm')).toContainText('190');
  await plan.getByTestId('plans-exit-confirm').click();
  await expect(plan).toHaveAttribute('data-status', 'expired');
  await expect(plan.locator('dd[data-value="10"]')).toBeVisible();
  // 1,000 - 200 + 2 (the day paid) + 190 (returned): 992.
  await page.goto('/profile/balance');
  await expect(page.getByTestId('available-USDT')).toHaveText('992');
});

test('loan: calculated, signed on screen, approved by staff out of the lending account, repaid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const user = await registerByEmail(page, request);
  const person = await personOf(page);
  const staffApi = await operator(page);
  await staffApi.verify(person);

  await page.goto('/loan');
  await expect(page.getByTestId('loans-lending')).toContainText('20,000');
  const product = page.getByTestId('loans-product').filter({ hasText: 'Flex' });
  // One credit limit, explained: the least of the product's maximum, the person's verified
  // limit and what the lending account can lend, each with its value.
  const credit = product.getByTestId('loans-credit');
  await expect(credit.getByTestId('loans-credit-product')).toContainText('5,000');
  await expect(credit.getByTestId('loans-credit-personal')).toContainText('USDT');
  await expect(credit.getByTestId('loans-credit-lending')).toContainText('20,000');
  await expect(credit).toHaveAttribute('data-limit', /^\d/);
  await product.getByTestId('loans-amount').fill('1000');
  await product.getByTestId('loans-term').selectOption('7');
  // 0.1% a day after 2 free days: 5 days charged, 5 USDT; 1,005 to repay.
  await expect(
    product.getByTestId('loans-preview').locator('[data-value="1005.000000"]'),
  ).toBeVisible();
  // Loans are real money: the demo account is offered the switch where it would apply.
  await product.getByTestId('loans-real-only').getByTestId('switch-real').click();
  await product.getByTestId('loans-apply').click();

  const agreement = page.getByTestId('loans-agreement');
  await expect(agreement.getByTestId('loans-agreement-figures')).toContainText('36.50%');
  await expect(agreement.getByTestId('loans-submit')).toBeDisabled();
  await sign(page);
  await page.getByTestId('loans-signature-save').click();
  await expect(page.getByTestId('loans-signature')).toHaveAttribute('data-phase', 'done');
  await agreement.getByTestId('loans-submit').click();
  await expect(page.getByTestId('loans-applied')).toBeVisible();

  // Staff approve it in the back office, with the signature in view.
  const staff = await staffWindow(browser, baseURL, { book: 'real' });
  await staff.goto('/admin/loans');
  const row = staff.getByTestId('loan-row').filter({ hasText: user.username });
  await row.getByTestId('loan-open').click();
  await expect(row.getByTestId('loan-signature-image')).toBeVisible();
  await row.getByTestId('loan-approve').click();
  await expect(staff.getByTestId('queue-notice')).toContainText('approved');
  await staff.context().close();

  await page.goto('/profile/balance');
  await expect(page.getByTestId('available-USDT')).toHaveText('1,000');

  // Four days on, three have ended, one past the free days: 1 USDT of interest so far, and no
  // penalty for repaying before the term.
  await passDays(page.request, 4);
  await staffApi.credit(person.id, '10');
  await page.goto('/loan');
  await page.getByTestId('loans-records').getByRole('link').first().click();
  const detail = page.getByTestId('loans-detail');
  await expect(detail).toHaveAttribute('data-status', 'repaying');
  await expect(page.getByTestId('loans-schedule')).toBeVisible();
  // Nothing of the schedule is cut off or hidden sideways, at 1440 px and at 390 px.
  const clipped = await page.getByTestId('loans-schedule').evaluate((table) => {
    const box = (table.parentElement ?? table).getBoundingClientRect();
    const page = document.documentElement;
    return (
      (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1 ||
      box.right > page.clientWidth + 1 ||
      box.left < -1
    );
  });
  expect(clipped).toBe(false);
  await page.getByTestId('loans-repay').click();
  // The repayment, item by item, and the balance it leaves: 1,000 + 1 of interest, no damages.
  await expect(page.getByTestId('loans-repay-principal')).toHaveAttribute('data-value', /^1000/);
  await expect(page.getByTestId('loans-repay-interest')).toHaveAttribute(
    'data-value',
    /^1(\.0+)?$/,
  );
  await expect(page.getByTestId('loans-repay-damages')).toHaveAttribute('data-value', /^0(\.0+)?$/);
  await expect(page.getByTestId('loans-repay-after')).toHaveAttribute('data-value', /^9(\.0+)?$/);
  await expect(detail).toContainText('1,001');
  await page.getByTestId('loans-repay-confirm').click();
  await expect(detail).toHaveAttribute('data-status', 'repaid');
  // The signed agreement, downloaded as the person would: it says it was repaid, and how much.
  const download = page.waitForEvent('download');
  await page.getByTestId('loans-pdf').click();
  const pdf = readFileSync(await (await download).path());
  const text = (await pdfText(new Uint8Array(pdf))).flat().join(' ');
  expect(text).toContain('Flex');
  expect(text).toContain('1,001 USDT');
  await page.goto('/profile/balance');
  await expect(page.getByTestId('available-USDT')).toHaveText('9');
});

/** Latin words on the page besides the asset's ticker and the time zone's name. */
function latinWords(text: string): string[] {
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => w !== 'USDT' && w !== 'UTC');
}

/** The page's text without what the operator typed (product names and the yield's source). */
async function ownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    main?.querySelectorAll('.plans-name, .plans-source-text, .loans-name').forEach((n) => {
      n.remove();
    });
    return main?.innerText ?? '';
  });
}

test('in Arabic, the plans and loans pages read right to left with nothing left in English', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await chooseLanguage(page, 'ar');
  const plans = JSON.parse(readFileSync('locales/ar/plans.json', 'utf8')) as { title: string };
  const loans = JSON.parse(readFileSync('locales/ar/loans.json', 'utf8')) as { title: string };
  await page.goto('/trading');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plans.title);
  await expect(page.getByTestId('plans-product').first()).toBeVisible();
  expect(latinWords(await ownText(page))).toEqual([]);
  // The plan form in the real account: its schedule, balance, rates and risk line in Arabic.
  await page.getByTestId('switch-real').first().click();
  await expect(page.getByTestId('plans-schedule').first()).toBeVisible();
  await expect(page.getByTestId('plans-risk').first()).toBeVisible();
  expect(latinWords(await ownText(page))).toEqual([]);
  await page.goto('/loan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(loans.title);
  await expect(page.getByTestId('loans-product').first()).toBeVisible();
  expect(latinWords(await ownText(page))).toEqual([]);
});

test('in Arabic, a loan signed on screen downloads its agreement in Arabic', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await registerByEmail(page, request);
  await (await operator(page)).verify(await personOf(page));
  await chooseLanguage(page, 'ar');
  const pdfWords = JSON.parse(readFileSync('locales/ar/loans.json', 'utf8')) as {
    pdf: Record<'parties' | 'borrower' | 'lender' | 'terms' | 'signature', string>;
  };
  await page.goto('/loan');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const product = page.getByTestId('loans-product').filter({ hasText: 'Flex' });
  await product.getByTestId('loans-amount').fill('1000');
  await product.getByTestId('loans-term').selectOption('7');
  await product.getByTestId('loans-real-only').getByTestId('switch-real').click();
  await product.getByTestId('loans-apply').click();
  await sign(page);
  await page.getByTestId('loans-signature-save').click();
  await expect(page.getByTestId('loans-signature')).toHaveAttribute('data-phase', 'done');
  await page.getByTestId('loans-agreement').getByTestId('loans-submit').click();
  await page.getByTestId('loans-applied').getByRole('link').click();
  await expect(page.getByTestId('loans-detail')).toHaveAttribute('data-status', 'pending');
  const download = page.waitForEvent('download');
  await page.getByTestId('loans-pdf').click();
  const pdf = new Uint8Array(readFileSync(await (await download).path()));
  // The agreement is in the language it was signed in: its headings in Arabic, with the
  // operator's product name and the person's own name as typed.
  const text = comparable((await pdfText(pdf)).flat().join(''));
  for (const heading of ['parties', 'borrower', 'lender', 'terms', 'signature'] as const) {
    expect(text).toContain(comparable(pdfWords.pdf[heading]));
  }
  expect(text).toContain('Flex');
  expect(text).toContain('Lovelace');
  await testInfo.attach('agreement-page-1.png', {
    body: await renderPage(pdf, 1),
    contentType: 'image/png',
  });
});

test('back office: an admin opens a plan product with a reason, funds its reserve, and /trading shows both', async ({
  page,
  browser,
  baseURL,
}) => {
  const staff = await staffWindow(browser, baseURL, { book: 'real' });
  await staff.goto('/admin/plans');
  await staff.getByTestId('plan-new').click();
  const form = staff.getByTestId('plan-form');
  // Nothing typed: each field says what it lacks, and nothing is saved.
  await staff.getByTestId('plan-form-save').click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  const fill = async (field: string, value: string) =>
    staff.getByTestId(`plan-form-${field}`).fill(value);
  await fill('name', 'Weekly 7');
  await fill('minAmount', '50');
  await fill('maxAmount', '2000');
  await fill('cycleDays', '7');
  await fill('dailyRatePercent', '0.8');
  await fill('purchaseLimit', '2');
  await fill('exitPenaltyPercent', '3');
  await fill('yieldSource', 'Spread income of the operator, set aside each week');
  await staff.getByTestId('plan-form-reason-input').fill('Launch the weekly plan');
  await staff.getByTestId('plan-form-save').click();
  await expect(staff.getByTestId('plan-notice')).toBeVisible();

  const row = staff.getByTestId('plan-product').filter({ hasText: 'Weekly 7' });
  await expect(row.getByTestId('plan-reserve-balance')).toHaveAttribute('data-value', '0');
  await row.getByTestId('plan-fund').click();
  await staff.getByTestId('plan-fund-form-amount').fill('500');
  await staff.getByTestId('plan-fund-form-reason-input').fill('Fund the weekly reserve');
  await staff.getByTestId('plan-fund-form-submit').click();
  await expect(row.getByTestId('plan-reserve-balance')).toHaveAttribute('data-value', '500');
  // Both staff actions are in the audit log with their reasons.
  await staff.goto('/admin/audit');
  await expect(staff.locator('main')).toContainText('Launch the weekly plan');
  await expect(staff.locator('main')).toContainText('Fund the weekly reserve');
  await staff.context().close();

  // A visitor reads the product and its reserve; subscribing asks to log in.
  await page.goto('/trading');
  const product = page.getByTestId('plans-product').filter({ hasText: 'Weekly 7' });
  await expect(product.getByTestId('plans-sign-in')).toBeVisible();
  await expect(product.getByTestId('plans-reserve').locator('[data-value="500"]')).toBeVisible();
  await expect(product).toContainText('Spread income of the operator, set aside each week');
});
