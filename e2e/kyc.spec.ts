import type { Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { ADMIN, staffWindow } from './support/staff.ts';

const PHOTO = 'e2e/fixtures/proof.png';
const NOTE = 'Hold the document next to your face, in daylight';

/** axe-core's serious and critical findings on the page as it is (axe from node_modules). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Draws a signature on the pad with the mouse, as a person would with a finger. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('kyc-signature-pad');
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

/** Chooses a photo and waits until the server has it. */
async function addPhoto(page: Page, label: string, part: string, file = PHOTO): Promise<void> {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
  await expect(page.getByTestId(`kyc-photo-${part}`)).toHaveAttribute('data-phase', 'done');
}

async function next(page: Page, step: string): Promise<void> {
  await page.getByTestId('kyc-next').click();
  await expect(page.getByTestId('kyc-form')).toHaveAttribute('data-step', step);
}

/** Steps 1 and 2: the personal data (checked field by field first) and the document's type. */
async function personalData(page: Page): Promise<void> {
  const form = page.getByTestId('kyc-form');
  await expect(form).toHaveAttribute('data-step', 'personal');
  // Nothing typed: each field says what it lacks, and the form stays on its step.
  await page.getByTestId('kyc-next').click();
  await expect(form.getByText('Enter your first name')).toBeVisible();
  await expect(form.getByText('Choose your country')).toBeVisible();
  await expect(form).toHaveAttribute('data-step', 'personal');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Female', { exact: true }).check();
  await page.getByLabel('Date of birth').fill('2015-01-01');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Address').fill('12 St James Square, London SW1Y 4JH');
  await page.getByLabel('Area code').selectOption('GB:+44');
  await page.getByLabel('Phone number').fill('7700900123');
  await page.getByTestId('kyc-next').click();
  await expect(form.getByText('You must be at least 18 years old')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-12-10');
  await next(page, 'document');
  await page.getByLabel('ID card').check();
  await next(page, 'photos');
}

/** Steps 3 to 5: the photos (a renamed program refused by its bytes), the signature, submit. */
async function documentsAndSubmit(page: Page): Promise<void> {
  await addPhoto(page, 'Front of the document', 'front');
  await page
    .getByLabel('Back of the document', { exact: true })
    .setInputFiles('e2e/fixtures/renamed.png');
  await expect(page.getByTestId('kyc-photo-back').getByTestId('kyc-upload-error')).toHaveText(
    'Wrong image format: use JPG, JPEG 2000 or PNG',
  );
  await addPhoto(page, 'Back of the document', 'back');
  await addPhoto(page, 'Photo holding the document', 'selfie');
  await next(page, 'signature');
  await page.getByTestId('kyc-next').click();
  await expect(page.getByText('Sign in the box, then choose “Use this signature”')).toBeVisible();
  await sign(page);
  await page.getByTestId('kyc-signature-save').click();
  await expect(page.getByTestId('kyc-signature')).toHaveAttribute('data-phase', 'done');
  await next(page, 'review');
  await expect(page.getByTestId('kyc-review')).toContainText('Ada Lovelace');
  await expect(page.getByTestId('kyc-review')).toContainText('ID card');
  await page.getByTestId('kyc-submit').click();
}

/** The person's submission in the staff queue, opened (which claims it). */
async function openSubmission(staff: Page, username: string): Promise<Locator> {
  await staff.goto('/admin/kyc');
  const row = staff.getByTestId('kyc-row').filter({ hasText: username });
  await row.getByTestId('kyc-open').click();
  await expect(row.getByTestId('kyc-claimed')).toBeVisible();
  return row;
}

async function expectBell(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('bell').getByTestId('bell-count')).toHaveAttribute(
    'data-count',
    String(count),
  );
}

test('identity: a person completes KYC with photos and a drawn signature; the reviewer rejects the selfie, the person sends only it again, the reviewer approves; the bell counts each decision live', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two people in two windows through two reviews.
  test.slow();
  const user = await registerByEmail(page, request);
  await page.goto('/profile');
  const entry = page.getByRole('link', { name: /Identity verification/ });
  await expect(entry.getByTestId('kyc-badge')).toHaveAttribute('data-status', 'none');
  await entry.click();
  await expect(page).toHaveURL(/\/profile\/kyc$/);
  // The form fits a phone's width: nothing scrolls sideways.
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
  expect(fits).toBe(true);

  await personalData(page);
  await documentsAndSubmit(page);
  const pending = page.getByTestId('kyc-pending');
  await expect(pending).toContainText('Submitted: we review it within 48 hours');
  await expect(page.getByTestId('kyc-time-left')).toHaveText(/^Time left: 4[78] h \d+ min$/);
  await expect(page.getByTestId('kyc-page')).toHaveAttribute('data-status', 'pending');

  // The reviewer sees the data beside the four documents, and sends back only the selfie.
  const staff = await staffWindow(browser, baseURL, { book: 'demo', bypassCSP: true });
  let row = await openSubmission(staff, user.username);
  await expect(row.getByTestId('kyc-facts')).toContainText('Lovelace');
  await expect(row.getByTestId('kyc-doc-image')).toHaveCount(4);
  await expect(staff.getByTestId('kyc-waits')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await row.getByTestId('kyc-reject-selfie').getByRole('checkbox').check();
  await row.getByTestId('kyc-reason-selfie').selectOption('unreadable');
  await row.getByTestId('kyc-reject-note').fill(NOTE);
  await row.getByTestId('kyc-reject-confirm').click();
  await expect(staff.getByTestId('queue-notice')).toContainText('rejected');

  // Without a reload: the reason, the note, and a form asking for the selfie alone.
  const rejected = page.getByTestId('kyc-rejected');
  await expect(rejected.getByTestId('kyc-rejected-part')).toHaveCount(1);
  await expect(rejected.getByTestId('kyc-rejected-part')).toHaveAttribute('data-part', 'selfie');
  await expect(rejected).toContainText('It cannot be read: take a sharper photo without glare');
  await expect(page.getByTestId('kyc-note')).toContainText(NOTE);
  await expectBell(page, 1);
  await expect(page.getByTestId('kyc-form')).toHaveAttribute('data-step', 'photos');
  await expect(page.getByTestId('kyc-photo-front')).toHaveAttribute('data-phase', 'kept');
  await expect(page.getByTestId('kyc-photo-back')).toHaveAttribute('data-phase', 'kept');
  await addPhoto(page, 'Photo holding the document', 'selfie');
  await next(page, 'review');
  await page.getByTestId('kyc-submit').click();
  await expect(pending).toBeVisible();
  // A decision was made (the rejection): the queue's recent waits are the expected one.
  await expect(page.getByTestId('kyc-expected-wait')).toContainText(
    /^Lately, half of the reviews took up to \d+(\.\d)? (minutes?|hours?)/,
  );

  row = await openSubmission(staff, user.username);
  await row.getByTestId('kyc-approve').click();
  await expect(staff.getByTestId('queue-notice')).toContainText('approved');
  await staff.context().close();

  await expect(page.getByTestId('kyc-verified')).toContainText('Your identity is verified');
  await expectBell(page, 2);
  // Who viewed the documents: the reviewer's role and when, never their name.
  const views = page.getByTestId('kyc-view');
  await expect(views.first()).toHaveAttribute('data-role', 'admin');
  await expect(page.getByTestId('kyc-views')).not.toContainText(ADMIN.username);
  await page.goto('/profile');
  await expect(entry.getByTestId('kyc-badge')).toHaveAttribute('data-status', 'verified');
  await expect(entry).toContainText('Verified');
});

test('identity verification asks a visitor to log in', async ({ page }) => {
  await page.goto('/profile/kyc');
  await expect(page).toHaveURL(/\/pass\/login/);
});

test.describe('in Arabic', () => {
  test('the identity form reads right to left, with nothing left in English', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    await chooseLanguage(page, 'ar');
    await page.goto('/profile/kyc');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const ar = JSON.parse(readFileSync('locales/ar/kyc.json', 'utf8')) as {
      title: string;
      problem: { firstNameMissing: string };
    };
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.title);
    // The form's own checks speak Arabic too.
    await page.getByTestId('kyc-next').click();
    await expect(page.getByText(ar.problem.firstNameMissing)).toBeVisible();
    const text = await page.locator('main').innerText();
    // Dialling codes and figures stay Latin; no English word is left.
    expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
  });
});

test.describe('accessibility', () => {
  // The app's Content-Security-Policy allows no injected script; axe is the test's, not the app's.
  test.use({ bypassCSP: true });

  test('the identity form, its errors shown, has no serious or critical axe violation', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    await page.goto('/profile/kyc');
    await page.getByTestId('kyc-next').click();
    await expect(page.getByText('Enter your first name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
