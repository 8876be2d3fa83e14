import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Every browser test fails on a console error or an uncaught exception, and starts in
 * English (unless it asks for the default) with the mobile onboarding already seen.
 */
export const test = base.extend<{
  language: string | null;
  onboardingSeen: boolean;
  /**
   * A pattern (RegExp source) of console errors a test causes on purpose: the browser logs
   * every HTTP 401 and every refused connection as one.
   */
  expectedConsoleError: string | null;
  consoleErrors: string[];
}>({
  language: ['en', { option: true }],
  onboardingSeen: [true, { option: true }],
  expectedConsoleError: [null, { option: true }],
  consoleErrors: [
    async ({ page, language, onboardingSeen, expectedConsoleError }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        const expected =
          expectedConsoleError !== null && new RegExp(expectedConsoleError).test(text);
        // A failed load names no resource in its text; its location does, for the report.
        if (msg.type() === 'error' && !expected) errors.push(`${text} ${msg.location().url}`);
      });
      page.on('pageerror', (err) => errors.push(String(err)));
      await page.addInitScript(
        ([lang, seen]) => {
          if (sessionStorage.getItem('e2e.init') !== null) return;
          sessionStorage.setItem('e2e.init', '1');
          if (lang !== null)
            localStorage.setItem(
              'kestrel.preferences',
              JSON.stringify({ language: lang, book: 'demo' }),
            );
          if (seen) sessionStorage.setItem('kestrel.onboarding', 'true');
        },
        [language, onboardingSeen] as const,
      );
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
export function newUser(prefix = 'e2e') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return { username: tag, email: `${tag}@example.test`, password: 'Secret123abc' };
}

/** Reads the newest code sent to `to` from the development outbox, as a developer would. */
export async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await res.json()) as { result: { text: string }[] };
    const code = body.result[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code !== undefined) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/**
 * Signs up by e-mail through the form, as a person would. Ends signed in on the home page.
 * `from`: the address the form is opened at (an invite link).
 */
export async function registerByEmail(
  page: Page,
  request: APIRequestContext,
  user = newUser(),
  from = '/pass/register',
) {
  await page.goto(from);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Again in/ })).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(request, user.email));
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  return user;
}

/** Picks the language as the language modal would, for the next page load. */
export async function chooseLanguage(page: Page, language: string) {
  await page.evaluate((lang) => {
    const saved = JSON.parse(localStorage.getItem('kestrel.preferences') ?? '{}') as object;
    localStorage.setItem('kestrel.preferences', JSON.stringify({ ...saved, language: lang }));
  }, language);
}
