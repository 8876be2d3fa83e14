import { readFileSync } from 'node:fs';
import { codeFromOutbox, expect, newUser, registerByEmail, test } from './support/fixtures.ts';

const helpTitle = (lang: string) =>
  (JSON.parse(readFileSync(`locales/${lang}/help.json`, 'utf8')) as { title: string }).title;

test.describe('account journey', () => {
  test('register by e-mail, sign out, sign in, reset the password, switch demo/real', async ({
    page,
    request,
  }) => {
    // A whole account journey: near the default minute when CI shares the machine.
    test.slow();
    const user = await registerByEmail(page, request);

    await page.goto('/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(user.username);
    await expect(page.getByTestId('book-badge')).toHaveText('Demo');

    // Demo -> real: the badge and the server's view of the book both change.
    await page.getByRole('radio', { name: 'Real' }).click();
    await expect(page.getByTestId('book-badge')).toHaveText('Real');
    await expect(
      page.getByText('Real: deposits, trades and withdrawals use real money.'),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('book-badge')).toHaveText('Real');
    await page.getByRole('radio', { name: 'Demo' }).click();
    await expect(page.getByTestId('book-badge')).toHaveText('Demo');

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/pass\/login\?redirect=%2Fprofile/);

    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password').fill('Wrong123abc');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password');
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/profile$/);

    // Reset while signed in elsewhere: every session ends.
    await page.goto('/pass/reset');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText('If this address belongs to an account, a code is on its way.'),
    ).toBeVisible();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(request, user.email));
    await page.getByLabel('New password').fill('Renewed456xyz');
    await page.getByLabel('Confirm password').fill('Renewed000xyz');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The passwords do not match');
    await page.getByLabel('Confirm password').fill('Renewed456xyz');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.getByLabel('Username or e-mail').fill(user.email);
    await page.getByLabel('Password').fill('Renewed456xyz');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('register by mobile number with an area code', async ({ page, request }) => {
    const user = newUser('tel');
    const phone = `7${String(Date.now()).slice(-9)}`;
    await page.goto('/pass/register');
    await page.getByRole('tab', { name: 'Mobile number' }).click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Country code').selectOption('GB:+44');
    await page.getByLabel('Mobile number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await codeFromOutbox(request, `+44${phone}`));
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).last().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page.getByText(`+44 ${phone}`)).toBeVisible();
  });

  test('form mistakes show the catalogue message and send nothing', async ({ page }) => {
    await page.goto('/pass/register');
    await page.getByLabel('Username').fill('9lives');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail address is not valid');
    await page.getByRole('button', { name: 'Sign up' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Send the verification code first');
  });

  test('change the password when signed in', async ({ page, request }) => {
    const user = await registerByEmail(page, request);
    await page.goto('/profile/settings');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('Fresh789abc');
    await page.getByLabel('Confirm new password').fill('Fresh789abc');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
  });
});

test.describe('languages', () => {
  // A first visit follows the browser's language (shell.spec.ts); this one asks for Chinese.
  test.use({ language: null, locale: 'zh-CN' });

  test('starts in Simplified Chinese, switches to Arabic (right-to-left) and Japanese, and remembers', async ({
    page,
  }) => {
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByTestId('language-button').click();
    await page.locator('[data-lang="ar"]').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(helpTitle('ar'));
    await page.getByTestId('language-button').click();
    await page.locator('[data-lang="ja"]').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(helpTitle('ja'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});

test.describe('an ended session', () => {
  test.use({ expectedConsoleError: 'status of 401' });

  test('a session revoked elsewhere is cleared at start-up and the person is asked to log in', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('kestrel.session') ?? '{}') as { token: string }).token,
    );
    expect(token).toMatch(/\S/);
    // The app is gone from the tab (a plain file of the site in its place) while the session
    // ends elsewhere: an open app would learn it from its own next call, the bell's for one,
    // and say so at once; what start-up does is the test. The same tab, not a new one: a tab
    // opened right after another closed may start before the closed one's storage reached it.
    await page.goto('/favicon.svg');
    const logout = await request.post('/swx/customer/login/logout', {
      headers: { authorization: token },
    });
    expect(((await logout.json()) as { code: number }).code).toBe(200);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/pass\/login/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kestrel.session'))).toContain(
      '"isLogin":false',
    );
  });
});
