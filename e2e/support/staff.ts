import type { Browser, Page } from '@playwright/test';
import type { Book } from '../../contract/envelope.ts';
import { expect } from './fixtures.ts';

/** The admin the e2e server creates at start-up (BOOTSTRAP_ADMIN_* in playwright.config.ts). */
export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-1' };

/**
 * A staff member's own browser window (in English until a test chooses another language),
 * signed in to the back office as ADMIN. `bypassCSP`: a test that injects axe (the app's
 * policy allows no injected script).
 */
export async function staffWindow(
  browser: Browser,
  baseURL: string | undefined,
  options: { book: Book; bypassCSP?: boolean },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, bypassCSP: options.bypassCSP ?? false });
  await context.addInitScript((book) => {
    if (localStorage.getItem('kestrel.preferences') !== null) return;
    localStorage.setItem('kestrel.preferences', JSON.stringify({ language: 'en', book }));
  }, options.book);
  const staff = await context.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('Username').fill(ADMIN.username);
  await staff.getByLabel('Password').fill(ADMIN.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByTestId('staff-name')).toHaveText(ADMIN.username);
  return staff;
}
