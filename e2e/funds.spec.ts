import { randomBytes } from 'node:crypto';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { staffWindow } from './support/staff.ts';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const REASON = 'The account name does not match the name on your profile';

test.describe('money in and out', () => {
  test('a deposit with proof is approved in /admin, a withdrawal to an IBAN is rejected with a reason and the funds come back', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // Two people in two windows through a whole review: about 30 s on a quiet machine, so the
    // default minute is too tight when CI shares the machine.
    test.slow();
    const user = await registerByEmail(page, request);

    // The demo book starts with virtual funds; deposits need the real account.
    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('10,000');
    await page.goto('/profile/deposit');
    await page.getByTestId('switch-real').click();
    await expect(page.getByTestId('deposit-address')).toBeVisible();
    // TRON: a network the platform's chain does not verify, so staff review the proof.
    await page.getByLabel('Network').selectOption('tron');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^T/);

    await page.getByLabel('Amount').fill('500');
    await page.getByLabel('Transaction hash').fill(`0x${randomBytes(32).toString('hex')}`);
    await page.getByLabel('Last 6 characters of the paying account').fill('A1B2C3');
    // A program renamed .png is refused by its bytes, not its name.
    await page.getByLabel('Proof screenshot').setInputFiles('e2e/fixtures/renamed.png');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Wrong image format: use JPG, JPEG 2000 or PNG')).toBeVisible();
    await page.getByLabel('Proof screenshot').setInputFiles('e2e/fixtures/proof.png');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByTestId('deposit-done')).toContainText('Deposit submitted for review');

    // Staff approve it in the back office.
    const staff = await staffWindow(browser, baseURL, { book: 'real' });
    const depositRow = staff.getByTestId('queue-row').filter({ hasText: user.username });
    await expect(depositRow).toBeVisible();
    // TRON is not read on chain: the queue says so, and approval names person and amount first.
    await expect(depositRow.getByTestId('unverified')).toHaveText(
      'Not verified on chain: check the proof',
    );
    await depositRow.getByTestId('approve').click();
    const confirm = staff.getByTestId('approve-dialog');
    await expect(confirm).toContainText(
      `This credits 500 USDT to the real balance of ${user.username} #`,
    );
    await expect(confirm).toContainText('No chain has verified this payment');
    await confirm.getByTestId('approve-confirm').click();
    await expect(depositRow).toHaveCount(0);

    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('500');

    // Withdraw 200 USDT to a bank account: the fee is shown before confirming.
    await page.getByTestId('to-withdraw').click();
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    await page.getByLabel('Bank name').fill('Commerzbank');
    await page.getByLabel('Bank address').fill('Kaiserplatz, Frankfurt am Main');
    await page.getByLabel('Account name').fill('Ada Lovelace');
    await page.getByLabel('Account number (IBAN)').fill(IBAN);
    // More than is available, or less than the minimum, is said at once, with no figure to
    // receive and nothing offered to confirm.
    await page.getByLabel('Amount').fill('9999');
    await expect(page.getByText('Insufficient balance')).toBeVisible();
    await expect(page.getByTestId('withdraw-received')).toHaveText('— USDT');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
    await page.getByLabel('Amount').fill('5');
    await expect(page.getByText('The minimum withdrawal for USDT is 10')).toBeVisible();
    await page.getByLabel('Amount').fill('200');
    await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT');
    await expect(page.getByTestId('withdraw-received')).toHaveText('199 USDT');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('withdraw-confirm')).toContainText('DE89370400440532013000');
    await page.getByTestId('confirm-withdraw').click();
    await expect(page.getByTestId('withdraw-done')).toContainText(
      'Withdrawal submitted for review',
    );

    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('300');

    // Staff reject it, saying why.
    await staff.goto('/admin/withdrawals');
    const withdrawalRow = staff.getByTestId('queue-row').filter({ hasText: user.username });
    await withdrawalRow.getByTestId('reject').click();
    // A reason from the catalogue is required; "Other" needs the note to say why.
    await staff.getByTestId('reject-confirm').click();
    await expect(staff.getByTestId('reject-error')).toBeVisible();
    await staff.getByTestId('reject-code').selectOption('name_mismatch');
    await staff.getByTestId('reject-reason').fill(REASON);
    await staff.getByTestId('reject-confirm').click();
    await expect(withdrawalRow).toHaveCount(0);
    await staff.context().close();

    // Both decisions reached the person's bell (the deposit credited, the withdrawal refused).
    await expect(page.getByTestId('bell').getByTestId('bell-count')).toHaveAttribute(
      'data-count',
      '2',
    );
    // The person sees the reason, and the funds are back.
    await page.goto('/profile/records?tab=withdrawals');
    const record = page.getByTestId('withdrawal-record').first();
    await expect(record).toHaveAttribute('data-status', 'rejected');
    await expect(record.getByTestId('record-reason')).toContainText(
      "The account holder's name does not match yours",
    );
    await expect(record.getByTestId('record-reason')).toContainText(REASON);
    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('500');
    // One line per movement: the deposit, the hold and its release, neither of them in colour.
    await page.goto('/profile/transactions');
    const moves = page.getByTestId('transaction');
    await expect(moves).toHaveCount(3);
    await expect(moves.nth(0)).toHaveAttribute('data-kind', 'withdrawal_released');
    await expect(moves.nth(0)).toContainText('back in your available balance');
    await expect(moves.nth(1)).toHaveAttribute('data-kind', 'withdrawal_hold');
    await expect(moves.nth(1)).toHaveAttribute('data-direction', 'internal');
    await expect(moves.nth(1)).toContainText('200 USDT');
    await expect(moves.nth(1)).not.toContainText('-200');
    await expect(moves.nth(2)).toHaveAttribute('data-direction', 'in');
  });

  test('demo funds reset, and a mistyped address is refused before anything is held', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText('10,000');
    await page.getByRole('button', { name: 'Reset demo funds' }).click();
    await page.getByTestId('confirm-reset').click();
    await page.goto('/profile/transactions');
    await expect(page.getByTestId('transaction')).toHaveCount(3);

    await page.goto('/profile/withdraw');
    await page.getByTestId('switch-real').click();
    await page.getByLabel('Receiving address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await page.getByLabel('Amount').fill('20');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The address is not valid for this network')).toBeVisible();
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
  });
});

test('balances in Arabic read right to left, with Latin digits and no English left', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await chooseLanguage(page, 'ar');
  await page.goto('/profile/balance');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('available-USDT')).toHaveText(/^10.000$/);
  await expect(page.locator('.balance-hero h1')).not.toHaveText('Balances');
  await expect(page.locator('main')).not.toContainText(/balance\.|realOnly\./);
});
