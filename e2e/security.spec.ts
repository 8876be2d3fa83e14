import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { totpCode } from '../server/src/security/totp.ts';
import { EARN_SERVER_ENV, Operator, personOf } from './support/earn.ts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';

/**
 * Two-step verification (issue 32): a person sets up an authenticator app from the QR code's
 * secret, signs in on a new device with its code and with a recovery code, and withdraws with
 * a code. Codes are generated here from the secret at the server's time; each step of 30 s
 * takes one code, so the test moves the server's clock (its own server: POST /dev/clock)
 * instead of waiting for the next step.
 */
let server: OwnServer | undefined;
const PORT = 4600 + Number(process.env.TEST_WORKER_INDEX ?? 0);
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kestrel-e2e-security-'));
  server = new OwnServer(PORT, dir, EARN_SERVER_ENV);
  await server.start();
});
test.afterAll(async () => {
  await server?.kill();
  server = undefined;
});

/** A code for the server's next minute: a step no code was taken for yet. */
async function freshCode(request: APIRequestContext, secret: string): Promise<string> {
  const answer = await request.post('/dev/clock', { data: { minutes: 1 } });
  const { result } = (await answer.json()) as { result: { now: string } };
  return totpCode(secret, Date.parse(result.now));
}

/** Turns the authenticator on from the security page; answers its secret and recovery codes. */
async function enrol(
  page: Page,
  password: string,
): Promise<{ secret: string; recovery: string[] }> {
  await page.goto('/profile/security');
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('totp-begin').click();
  await expect(page.getByTestId('totp-qr')).toHaveAttribute('data-text', /^otpauth:\/\/totp\//);
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.locator('input[name="code"]').fill(await freshCode(page.request, secret));
  await page.locator('form button[type="submit"]').click();
  const codes = page.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  await page.getByTestId('recovery-codes').getByRole('button').last().click();
  await expect(page.getByTestId('security-on')).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveAttribute('data-left', '10');
  return { secret, recovery };
}

/** A new browser (a new device): the password, then the second step. */
async function newDevice(browser: Browser, account: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const page = await context.newPage();
  await page.goto('/pass/login');
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('sign-in-second-step')).toBeVisible();
  return page;
}

test('an authenticator app: set up, a new device signs in with its code and with a recovery code, a withdrawal asks for it', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const user = await registerByEmail(page, request);
  const person = await personOf(page);
  const { secret, recovery } = await enrol(page, user.password);

  // A new device: the password alone is not enough; a wrong code says so and keeps the step.
  const phone = await newDevice(browser, user.username, user.password);
  await phone.getByTestId('second-factor').locator('input').fill('000000');
  await phone.getByTestId('sign-in-second-step').locator('button[type="submit"]').click();
  await expect(phone.getByTestId('second-factor').getByRole('alert')).toBeVisible();
  await phone
    .getByTestId('second-factor')
    .locator('input')
    .fill(await freshCode(request, secret));
  await phone.getByTestId('sign-in-second-step').locator('button[type="submit"]').click();
  await expect(phone).toHaveURL(/\/$/);
  await phone.context().close();

  // Another new device, with a recovery code (typed in lower case): it works once.
  const laptop = await newDevice(browser, user.username, user.password);
  await laptop.getByTestId('second-factor-switch').click();
  await laptop
    .getByTestId('second-factor')
    .locator('input')
    .fill((recovery[0] ?? '').toLowerCase());
  await laptop.getByTestId('sign-in-second-step').locator('button[type="submit"]').click();
  await expect(laptop).toHaveURL(/\/$/);
  await laptop.context().close();
  await page.goto('/profile/security');
  await expect(page.getByTestId('recovery-left')).toHaveAttribute('data-left', '9');

  // A withdrawal asks for the code at its confirmation.
  const operator = await Operator.signIn(request);
  await operator.credit(person.id, '100');
  await page.goto('/profile/withdraw');
  await page.getByTestId('switch-real').click();
  await page.locator('input[name="address"]').fill('0x1111111111111111111111111111111111111111');
  await page.locator('input[name="amount"]').fill('20');
  await page.locator('form.funds-form button[type="submit"]').click();
  const confirm = page.getByTestId('withdraw-confirm').locator('..');
  await confirm.getByTestId('second-factor').locator('input').fill('123456');
  await page.getByTestId('confirm-withdraw').click();
  await expect(confirm.getByTestId('second-factor').getByRole('alert')).toBeVisible();
  await confirm
    .getByTestId('second-factor')
    .locator('input')
    .fill(await freshCode(request, secret));
  await page.getByTestId('confirm-withdraw').click();
  await expect(page.getByTestId('withdraw-done')).toBeVisible();
});

test('in Arabic, the security page reads right to left with nothing left in English', async ({
  page,
  request,
}) => {
  const user = await registerByEmail(page, request);
  await chooseLanguage(page, 'ar');
  const words = JSON.parse(readFileSync('locales/ar/security.json', 'utf8')) as {
    title: string;
  };
  await page.goto('/profile/security');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByTestId('totp-begin').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const text = await page.evaluate(() => {
    const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    main?.querySelectorAll('code').forEach((n) => n.remove());
    return main?.innerText ?? '';
  });
  const latin = (text.match(/[A-Za-z]{3,}/g) ?? []).filter(
    (w) => !['Google', 'Authenticator', 'Microsoft', 'Password'].includes(w),
  );
  expect(latin).toEqual([]);
});
