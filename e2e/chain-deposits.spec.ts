import type { Page } from '@playwright/test';
import type { Address } from 'viem';
import { E2E_CHAIN_URL, E2E_CONFIRMATIONS } from './support/chain-env.ts';
import { fundedKey, mineBlocks, payOutside, withChainToMyself } from './support/chain.ts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { injectWallet, type TestWallet } from './support/wallet.ts';

const LOCAL_CHAIN = 31337;

/**
 * A signed-in person on the real book's deposit page, with a wallet holding `usdt`, and the
 * person's own deposit address the page shows.
 */
async function depositPageWithWallet(
  page: Page,
  request: Parameters<typeof registerByEmail>[1],
  usdt: string,
): Promise<{ wallet: TestWallet; key: `0x${string}`; address: Address }> {
  const { key } = await fundedKey(usdt);
  const wallet = await injectWallet(page, {
    chainId: LOCAL_CHAIN,
    rpcUrl: E2E_CHAIN_URL,
    privateKey: key,
  });
  await registerByEmail(page, request);
  await page.goto('/profile/deposit');
  await page.getByTestId('switch-real').click();
  const shown = page.getByTestId('deposit-address');
  await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('deposit-automatic')).toContainText(
    `credited to you by itself after ${E2E_CONFIRMATIONS} confirmations`,
  );
  return { wallet, key, address: (await shown.innerText()) as Address };
}

/**
 * "Use a wallet": on the desktop RainbowKit's modal opens and lists the injected test wallet; a
 * phone with an injected MetaMask is taken for MetaMask's own browser, so Connect uses it directly.
 */
async function connectWallet(page: Page, embedded: boolean) {
  await page.getByRole('button', { name: 'Use a wallet' }).click();
  if (embedded) {
    await page
      .getByTestId('deposit-wallet')
      .getByRole('button', { name: 'Connect wallet' })
      .click();
  } else {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Kestrel Test Wallet/ })
      .click();
  }
  await expect(page.getByTestId('wallet-address')).toBeVisible();
}

/** The balance page, re-read until the chain sweep has credited `amount` (it polls every second). */
async function expectAvailableUsdt(page: Page, amount: string) {
  await expect(async () => {
    await page.goto('/profile/balance');
    await expect(page.getByTestId('available-USDT')).toHaveText(amount, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('pay a USDT deposit from the wallet to my own address: credited with no form to fill', async ({
  page,
  request,
  isMobile,
}) => {
  const { wallet, address } = await depositPageWithWallet(page, request, '1000');
  await page.getByLabel('Amount').fill('250');
  await connectWallet(page, isMobile);

  await page.getByRole('button', { name: 'Pay with wallet' }).click();
  // Everything the wallet will be asked to do, before it opens: to the person's own address.
  const review = page.getByTestId('wallet-review');
  await expect(review).toContainText('To (your own deposit address)');
  await expect(review).toContainText(address);
  await expect(review).toContainText('chain ID 31337');
  await expect(review).toContainText('250 USDT');
  await expect(review).toContainText(wallet.address);

  await withChainToMyself(async () => {
    await review.getByRole('button', { name: 'Open wallet and pay' }).click();
    await expect(page.getByTestId('wallet-sent')).toContainText('credited to you by itself');
    // One transaction, and never an approval or a signature.
    expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    expect(wallet.methods).not.toContain('personal_sign');

    // Nothing is submitted: the platform finds the payment at the person's address.
    const record = page.getByTestId('deposit-record').filter({ hasText: '250 USDT' });
    await expect(async () => {
      await page.goto('/profile/records');
      await expect(record).toHaveAttribute('data-source', 'found', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(record).toContainText('Received at your address');
    await expect(record).toContainText(
      new RegExp(`Confirming on chain: \\d+ of ${E2E_CONFIRMATIONS} blocks`),
    );
    await mineBlocks(E2E_CONFIRMATIONS);
  });
  await expectAvailableUsdt(page, '250');
  await page.goto('/profile/records');
  await expect(page.getByTestId('deposit-record')).toHaveCount(1);
  await expect(page.getByTestId('deposit-record')).toHaveAttribute('data-status', 'approved');
});

test('a payment sent outside the app to my address is credited by itself, and "find my transfer" shows it', async ({
  page,
  request,
  isMobile,
}) => {
  const { key, address } = await depositPageWithWallet(page, request, '500');
  // Mining 20 blocks would confirm a payment the other layout's test is showing as waiting.
  const hash = await withChainToMyself(async () => {
    const paid = await payOutside(key, '75', address);
    await mineBlocks(E2E_CONFIRMATIONS);
    return paid;
  });
  await expectAvailableUsdt(page, '75');

  await page.goto('/profile/deposit');
  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Find my transfer' }).click();
  const transfer = page.getByTestId('transfer').filter({ hasText: hash });
  await expect(transfer).toContainText('75 USDT');
  // Already recorded for the person: nothing to declare.
  await expect(transfer.getByRole('button', { name: 'Already declared' })).toBeDisabled();
});

test('in Arabic the wallet payment reads right to left, with nothing left in English', async ({
  page,
  request,
  isMobile,
}) => {
  const { address } = await depositPageWithWallet(page, request, '100');
  await chooseLanguage(page, 'ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('المبلغ').fill('40');
  await page.getByTestId('open-deposit-wallet').click();
  if (isMobile) {
    await page.getByTestId('deposit-wallet').getByRole('button').click();
  } else {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Kestrel Test Wallet/ })
      .click();
  }
  await expect(page.getByTestId('wallet-address')).toBeVisible();
  await page.getByTestId('deposit-wallet').getByRole('button').first().click();
  const review = page.getByTestId('wallet-review');
  await expect(review).toContainText(address);
  await expect(review).toContainText('40 USDT');
  const words = (await page.locator('main').innerText())
    // Addresses and hashes, whole or shortened (`0x1234…9daA`), are not words to translate.
    .replace(/0x[0-9a-fA-F]+(?:…[0-9a-fA-F]+)?/g, '')
    .replace(/USDT|USDC|BTC|ETH|ERC-20|TRC-20|TRON|Ethereum|ID|PNG|JPG|JPEG|…/g, '')
    .match(/[A-Za-z]{3,}/g);
  expect(words ?? []).toEqual([]);
});
