import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_CONFIRMATIONS } from './support/chain-env.ts';
import { fundedKey, mineBlocks, payOutside, withChainToMyself } from './support/chain.ts';
import { codeFromOutbox, expect, newUser, test } from './support/fixtures.ts';

/** The admin the e2e server creates at start-up (BOOTSTRAP_ADMIN_* in playwright.config.ts). */
const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-1' };
/** A 1x1 PNG, as a deposit proof. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function staffSignIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('staff-name')).toHaveText(username);
}

async function signOut(page: Page) {
  await page.getByTestId('staff-logout').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** A user registered through the API, as the sign-up form would, with their session token. */
async function apiUser(request: APIRequestContext) {
  const user = newUser('adm');
  const sent = await request.post('/swx/customer/login/sendCode', {
    data: { channel: 'email', purpose: 'register', email: user.email },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(200);
  const code = await codeFromOutbox(request, user.email);
  const res = await request.post('/swx/customer/login/register', {
    data: {
      method: 'email',
      email: user.email,
      username: user.username,
      password: user.password,
      code,
    },
  });
  const body = (await res.json()) as { code: number; result: { token: string } };
  expect(body.code).toBe(200);
  return { ...user, token: body.result.token };
}

/** The user declares a 500 USDT deposit on the real book with a proof screenshot. */
async function declareDeposit(request: APIRequestContext, token: string) {
  const upload = await request.post('/swx/customer/user/uploadProof', {
    headers: { authorization: token },
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG_1PX } },
  });
  const proof = (await upload.json()) as { code: number; result: { proofId: string } };
  expect(proof.code).toBe(200);
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const res = await request.post('/swx/customer/user/recharge', {
    headers: { authorization: token, virtually: 'YES' },
    data: {
      key: hex(24),
      asset: 'USDT',
      network: 'ethereum',
      amount: '500',
      txHash: `0x${hex(64)}`,
      last6: 'A1B2C3',
      proofId: proof.result.proofId,
    },
  });
  const deposit = (await res.json()) as { code: number; result: { id: number } };
  expect(deposit.code).toBe(200);
  return deposit.result.id;
}

test.describe('back office', () => {
  test('the admin signs in, changes a parameter with a reason, finds it in the audit log and exports it', async ({
    page,
    request,
  }, testInfo) => {
    const user = await apiUser(request);
    await declareDeposit(request, user.token);

    // Visitors are sent to the staff sign-in; a wrong password is refused in words.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('staff-login-error')).toHaveText('Wrong username or password');

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('staff-role')).toHaveText('Admin');
    await expect(page.getByRole('heading', { name: 'Deposit review' })).toBeVisible();
    const row = page.getByTestId('queue-row').filter({ hasText: user.username });
    await expect(row).toContainText('500');
    await expect(row.getByTestId('approve')).toBeVisible();

    // Staff sign-in has its own session, apart from any user's.
    const [staffStored, userStored] = await page.evaluate(() => [
      localStorage.getItem('kestrel.staff'),
      localStorage.getItem('kestrel.session'),
    ]);
    const staffToken = (JSON.parse(staffStored ?? '{}') as { token?: string }).token ?? '';
    expect(staffToken).not.toBe('');
    expect(userStored ?? '').not.toContain(staffToken);

    // Parameters: a value outside the rule is refused, a good one is saved with a reason.
    await page.getByTestId('admin-nav-params').click();
    const email = page.getByTestId('param-support_email');
    await email.getByRole('button', { name: 'Edit' }).click();
    await email.getByLabel('New value').fill('not-an-email');
    await email.getByLabel('Reason').fill('Move support to the new help desk');
    await email.getByRole('button', { name: 'Save' }).click();
    await expect(email.getByTestId('param-value-error')).toHaveText(
      'This parameter value is not valid',
    );
    const address = `help-${Date.now().toString(36)}@kestrel.local`;
    const reason = `Move support to the help desk (${testInfo.project.name})`;
    await email.getByLabel('New value').fill(address);
    await email.getByLabel('Reason').fill(reason);
    await email.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('param-saved')).toHaveText('Support e-mail saved.');
    // The spot book's fees and market-order protection are set here too.
    await expect(page.getByTestId('param-spot_taker_fee_rate')).toContainText('Spot taker fee');
    await expect(page.getByTestId('param-kyc_withdraw_daily_max_unverified')).toContainText(
      'Daily withdrawal cap, unverified',
    );
    await expect(page.getByTestId('param-spot_market_band')).toContainText(
      'Spot market order protection',
    );
    await expect(email.getByTestId('param-value')).toHaveText(address);

    // The audit log shows who changed what, from what to what, and why.
    await page.getByTestId('admin-nav-audit').click();
    const entry = page.getByTestId('audit-row').filter({ hasText: reason });
    await expect(entry).toContainText('Changed a parameter');
    await expect(entry).toContainText('param:support_email');
    await expect(entry).toContainText(`{"value":"${address}"}`);
    await expect(entry).toContainText(ADMIN.username);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,at,staff_id,staff,action,target,before,after,reason');
    expect(csv).toContain(reason);
  });

  test('a reviewer sees the proof and rejects a deposit only with a reason', async ({
    page,
    request,
  }) => {
    const user = await apiUser(request);
    const id = await declareDeposit(request, user.token);
    await staffSignIn(page, ADMIN.username, ADMIN.password);

    const row = page.getByTestId('queue-row').filter({ hasText: user.username });
    await row.getByRole('button', { name: 'View proof' }).click();
    const proof = page.getByRole('dialog', { name: 'Deposit proof' });
    await expect(proof.getByTestId('proof-image')).toBeVisible();
    expect(
      await proof.getByTestId('proof-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(1);
    await proof.getByRole('button', { name: 'Close' }).click();
    await expect(proof).toBeHidden();

    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject deposit #${id}` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByTestId('reject-error')).toHaveText('Give a reason');
    // "Other": the note must say why.
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByTestId('reject-error')).toHaveText('Give a reason');
    await dialog
      .getByLabel('Note for the person (required with Other)')
      .fill('The transaction hash does not match the proof');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('queue-notice')).toHaveText(`Deposit #${id} rejected.`);
    await expect(row).toHaveCount(0);

    await page.getByRole('tab', { name: 'Rejected' }).click();
    const rejected = page.getByTestId('queue-row').filter({ hasText: user.username });
    await expect(rejected).toContainText('The transaction hash does not match the proof');
    await expect(rejected.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  test('a claim of a payment already credited to its payer shows to whom, and approving it is refused', async ({
    page,
    request,
  }) => {
    const real = (token: string) => ({ authorization: token, virtually: 'YES' });
    const usdtOf = async (token: string) => {
      const res = await request.get('/swx/customer/user/listBalance', { headers: real(token) });
      const body = (await res.json()) as {
        result: { assets: { asset: string; available: string }[] };
      };
      return body.result.assets.find((a) => a.asset === 'USDT')?.available;
    };
    // The payer pays their own deposit address from outside the app; the sweep credits them.
    const payer = await apiUser(request);
    const addressRes = await request.post('/swx/customer/user/depositAddress', {
      headers: real(payer.token),
      data: { asset: 'USDT', network: 'ethereum' },
    });
    const { address } = ((await addressRes.json()) as { result: { address: `0x${string}` } })
      .result;
    const hash = await withChainToMyself(async () => {
      const { key } = await fundedKey('100');
      const paid = await payOutside(key, '25', address);
      await mineBlocks(E2E_CONFIRMATIONS);
      return paid;
    });
    await expect.poll(() => usdtOf(payer.token), { timeout: 30_000 }).toBe('25');
    const records = await request.get('/swx/customer/user/listRecharge', {
      headers: real(payer.token),
    });
    const [credited] = ((await records.json()) as { result: { list: { id: number }[] } }).result
      .list;

    // Someone else declares the public hash: the chain shows it paid another address (10147).
    const thief = await apiUser(request);
    const claim = await request.post('/swx/customer/user/recharge', {
      headers: real(thief.token),
      data: {
        key: `e2e-claim-${Date.now()}`,
        asset: 'USDT',
        network: 'ethereum',
        amount: '25',
        txHash: hash,
      },
    });
    const claimed = (await claim.json()) as { result: { id: number; checkCode: number } };
    expect(claimed.result.checkCode).toBe(10147);

    await staffSignIn(page, ADMIN.username, ADMIN.password);
    const row = page.getByTestId('queue-row').filter({ hasText: thief.username });
    const note = row.getByTestId('already-credited');
    await expect(note).toContainText(`Already credited to ${payer.username} #`);
    await expect(note).toContainText(`(deposit #${credited?.id})`);

    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByTestId('approve-dialog');
    await expect(dialog.getByTestId('approve-credited')).toContainText(
      `This payment was already credited to ${payer.username} #`,
    );
    await dialog.getByTestId('approve-confirm').click();
    await expect(row.getByTestId('row-error')).toHaveText(
      'This transaction hash has already been submitted',
    );
    // Still waiting for a decision, and no money moved.
    await expect(row.getByTestId('approve')).toBeVisible();
    expect(await usdtOf(thief.token)).toBe('0');
    expect(await usdtOf(payer.token)).toBe('25');
  });

  test('the admin finds a user and credits their balance as a journaled adjustment', async ({
    page,
    request,
  }) => {
    const user = await apiUser(request);
    await staffSignIn(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-nav-users').click();
    await page.getByPlaceholder('ID, username, e-mail or phone').fill(user.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('users-table').getByRole('link', { name: user.username }).click();
    await expect(page.getByRole('heading', { name: user.username })).toBeVisible();

    const form = page.getByTestId('adjust-form');
    await form.getByLabel('Amount').fill('12.5');
    await form.getByLabel('Reason').fill('no');
    await form.getByRole('button', { name: 'Credit balance' }).click();
    await expect(form.getByRole('alert')).toHaveText('Give a reason');
    await form.getByLabel('Reason').fill('Goodwill credit for ticket 42');
    await form.getByRole('button', { name: 'Credit balance' }).click();
    await expect(page.getByTestId('adjust-done')).toHaveText(
      'Credited 12.5 USDT to the Real book. Available now: 12.5 USDT.',
    );
    const usdt = page.getByTestId('balance-row').filter({ hasText: 'USDT' }).first();
    await expect(usdt.locator('[data-col="available"]')).toHaveText(/12\.5$/);
    await expect(page.getByTestId('movement-row').first()).toContainText('Manual credit');
  });

  test("the admin changes the market maker's levels on a pair, with a reason, and changes them back", async ({
    page,
  }) => {
    await staffSignIn(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-nav-maker').click();
    await expect(page.getByRole('heading', { name: 'Platform market maker' })).toBeVisible();
    // USDC/USDT: a pair no other browser test trades on, since the suites share one server.
    const pair = page.getByTestId('maker-USDCUSDT');
    const levels = pair.getByTestId('maker-levels');
    const was = (await levels.getAttribute('data-value')) ?? '';
    const edit = async (value: string, reason: string) => {
      await pair.getByRole('button', { name: 'Edit' }).click();
      await pair.getByLabel('Levels each side').fill(value);
      await pair.getByLabel('Reason').fill(reason);
      await pair.getByRole('button', { name: 'Save' }).click();
    };
    await edit('25', 'Deeper book for the launch');
    await expect(pair.getByTestId('maker-levels-error')).toHaveText(
      'This parameter value is not valid',
    );
    await pair.getByRole('button', { name: 'Cancel' }).click();
    const next = was === '3' ? '4' : '3';
    await edit(next, 'Thinner book while the feed is quiet');
    await expect(page.getByTestId('maker-saved')).toHaveText('USDC/USDT saved.');
    await expect(levels).toHaveText(next);
    await page.getByTestId('admin-nav-audit').click();
    await expect(page.getByText('spot-pair:USDCUSDT').first()).toBeVisible();
    await page.getByTestId('admin-nav-maker').click();
    await edit(was, 'Back to the usual depth');
    await expect(pair.getByTestId('maker-levels')).toHaveText(was);
  });

  test('a support member sees Users and the product lists; queues say "not allowed"', async ({
    page,
    request,
  }) => {
    const user = await apiUser(request);
    const support = { username: newUser('sup').username, password: 'Support-pass-2024' };
    await staffSignIn(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-nav-staff').click();
    await page.getByLabel('Username').fill(support.username);
    await page.getByLabel('Password').fill('short1');
    await page.getByLabel('Role').selectOption('support');
    await page.getByRole('button', { name: 'Create staff account' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'At least 12 characters, with a letter and a digit.',
    );
    await page.getByLabel('Password').fill(support.password);
    await page.getByRole('button', { name: 'Create staff account' }).click();
    await expect(page.getByTestId('staff-created')).toHaveText(
      `${support.username} can now sign in as Support.`,
    );
    await signOut(page);

    await staffSignIn(page, support.username, support.password);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('staff-role')).toHaveText('Support');
    const nav = page.getByTestId('admin-nav');
    // Support answers people's questions in the support chats: it reads the products' terms,
    // the sales and the rewards pool, and decides nothing about money.
    await expect(nav.getByRole('link')).toHaveText([
      'Users',
      'Smart plans',
      'Loan products',
      'NFT sales',
      'Rewards pool',
      'Support chats',
      'Support tools',
    ]);

    await page.goto('/admin/withdrawals');
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your start page' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    // Support reads a user's ledger but cannot adjust it.
    await page.getByTestId('user-search').fill(user.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('users-table').getByRole('link', { name: user.username }).click();
    await expect(page.getByTestId('balances-table')).toBeVisible();
    await expect(page.getByTestId('adjust-form')).toHaveCount(0);

    await signOut(page);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
  });
});
