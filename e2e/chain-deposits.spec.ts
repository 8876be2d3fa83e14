import type { Page } from '@playwright/test';
import { E2E_CHAIN_URL, E2E_CONFIRMATIONS, E2E_PLATFORM_ADDRESS } from './support/chain-env.ts';
import { fundedKey, mineBlocks, payOutside, withChainToMyself } from './support/chain.ts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { injectWallet, type TestWallet } from './support/wallet.ts';

const LOCAL_CHAIN = 31337;

/** A signed-in person on the real book's deposit page, with a wallet holding `usdt`. */
async function depositPageWithWallet(
  page: Page,
  request: Parameters<typeof registerByEmail>[1],
  usdt: string,
): Promise<{ wallet: TestWallet; key: `0x${string}` }> {
  const { key } = await fundedKey(usdt);
  const wallet = await injectWallet(page, {
    chainId: LOCAL_CHAIN,
    rpcUrl: E2E_CHAIN_URL,
    privateKey: key,
  });
  await registerByEmail(page, request);
  await page.goto('/profile/deposit');
  await page.getByTestId('switch-real').click();
  await expect(page.getByTestId('deposit-address')).toHaveText(E2E_PLATFORM_ADDRESS);
  return { wallet, key };
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

async function expectAvailableUsdt(page: Page, amount: string) {
  await page.goto('/profile/balance');
  await expect(page.getByTestId('available-USDT')).toHaveText(amount);
}

test('pay a USDT deposit from the wallet: it is credited once the chain confirms it', async ({
  page,
  request,
  isMobile,
}) => {
  const { wallet } = await depositPageWithWallet(page, request, '1000');
  await page.getByLabel('Amount').fill('250');
  await connectWallet(page, isMobile);

  await page.getByRole('button', { name: 'Pay with wallet' }).click();
  // Everything the wallet will be asked to do, before it opens.
  const review = page.getByTestId('wallet-review');
  await expect(review).toContainText(E2E_PLATFORM_ADDRESS);
  await expect(review).toContainText('chain ID 31337');
  await expect(review).toContainText('250 USDT');
  await expect(review).toContainText(wallet.address);

  await withChainToMyself(async () => {
    await review.getByRole('button', { name: 'Open wallet and pay' }).click();
    await expect(page.getByTestId('wallet-sent')).toBeVisible();
    await expect(page.getByLabel('Transaction hash')).toHaveValue(/^0x[0-9a-f]{64}$/);
    // One transaction, and never an approval or a signature.
    expect(wallet.methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    expect(wallet.methods).not.toContain('personal_sign');

    await page.getByRole('button', { name: 'Submit deposit' }).click();
    const done = page.getByTestId('deposit-done');
    await expect(done).toHaveAttribute('data-check', 'confirming');
    // 1 of 20, or a few more when the other layout's test funded its wallet meanwhile.
    await expect(done).toContainText(
      new RegExp(`Confirming on chain: \\d of ${E2E_CONFIRMATIONS} blocks`),
    );
    await mineBlocks(E2E_CONFIRMATIONS);
  });
  const done = page.getByTestId('deposit-done');
  await expect(done).toHaveAttribute('data-check', 'verified', { timeout: 20_000 });
  await expect(done).toContainText('Deposit credited');
  await expectAvailableUsdt(page, '250');
});

test('"find my transfer" fills in a payment sent outside the app, and it is credited', async ({
  page,
  request,
  isMobile,
}) => {
  const { key } = await depositPageWithWallet(page, request, '500');
  // Mining 20 blocks would confirm a payment the other layout's test is showing as waiting.
  const hash = await withChainToMyself(async () => {
    const paid = await payOutside(key, '75');
    await mineBlocks(E2E_CONFIRMATIONS);
    return paid;
  });
  await connectWallet(page, isMobile);

  await page.getByRole('button', { name: 'Find my transfer' }).click();
  const transfer = page.getByTestId('transfer').filter({ hasText: hash });
  await expect(transfer).toContainText('75 USDT');
  await transfer.getByRole('button', { name: 'Use this payment' }).click();
  await expect(page.getByLabel('Transaction hash')).toHaveValue(hash);
  await expect(page.getByLabel('Amount')).toHaveValue('75');

  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByTestId('deposit-done')).toHaveAttribute('data-check', 'verified');
  await expectAvailableUsdt(page, '75');

  // The same payment cannot be declared twice.
  await page.goto('/profile/deposit');
  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Find my transfer' }).click();
  await expect(
    page
      .getByTestId('transfer')
      .filter({ hasText: hash })
      .getByRole('button', { name: 'Already declared' }),
  ).toBeDisabled();
});

test('in Arabic the wallet payment reads right to left, with nothing left in English', async ({
  page,
  request,
  isMobile,
}) => {
  await depositPageWithWallet(page, request, '100');
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
  await expect(review).toContainText(E2E_PLATFORM_ADDRESS);
  await expect(review).toContainText('40 USDT');
  const words = (await page.locator('main').innerText())
    // Addresses and hashes, whole or shortened (`0x1234…9daA`), are not words to translate.
    .replace(/0x[0-9a-fA-F]+(?:…[0-9a-fA-F]+)?/g, '')
    .replace(/USDT|USDC|BTC|ETH|ERC-20|TRC-20|TRON|Ethereum|ID|PNG|JPG|JPEG|…/g, '')
    .match(/[A-Za-z]{3,}/g);
  expect(words ?? []).toEqual([]);
});
