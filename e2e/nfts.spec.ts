import { LOCAL_NFT_ADDRESS } from '../test-support/local-chain.ts';
import { E2E_EXPLORER, NFT_HOLDER } from './support/chain-env.ts';
import { expect, test } from './support/fixtures.ts';

test('charity NFTs show their chain, contract and token id with explorer links, and the owner read on chain', async ({
  page,
}) => {
  await page.goto('/nfts');
  const nfts = page.getByTestId('nft');
  await expect(nfts).toHaveCount(3);

  const first = nfts.first();
  await expect(first).toContainText('Morning Kite');
  await expect(first.getByTestId('nft-chain')).toContainText('Chain ID 31337');
  await expect(first.getByTestId('nft-contract').getByRole('link')).toHaveAttribute(
    'href',
    `${E2E_EXPLORER}/address/${LOCAL_NFT_ADDRESS}`,
  );
  await expect(first.getByTestId('nft-token').getByRole('link')).toHaveAttribute(
    'href',
    `${E2E_EXPLORER}/token/${LOCAL_NFT_ADDRESS}?a=1`,
  );
  // Token 1 was minted to the holder when the chain started; 2 is not minted.
  await expect(first.getByTestId('nft-owner')).toHaveAttribute('data-owner', NFT_HOLDER);
  await expect(nfts.nth(1).getByTestId('nft-owner')).toHaveText('Not minted yet');
});

test.describe('in Arabic', () => {
  test.use({ language: 'ar' });

  test('the NFT page reads right to left, with nothing left in English', async ({ page }) => {
    await page.goto('/nfts');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('nft')).toHaveCount(3);
    const words = (await page.locator('main').innerText())
      .replace(/0x[0-9a-fA-F…]+|USDT|NFT|ID|Morning Kite|Paper Boats|First Library/g, '')
      .replace(/Lena Ortiz|Kenji Mori|Amara Okafor/g, '')
      .match(/[A-Za-z]{3,}/g);
    expect(words ?? []).toEqual([]);
  });
});
