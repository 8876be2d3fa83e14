import type { Page } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { chooseLanguage, expect, registerByEmail, test } from './support/fixtures.ts';
import { injectWallet, type TestWallet } from './support/wallet.ts';

const LOCAL_CHAIN = 31337;
/** All a wallet is asked during sign-in: accounts, the chain, one signature. */
const SIGN_IN_METHODS = ['eth_requestAccounts', 'eth_accounts', 'eth_chainId', 'personal_sign'];

const METAMASK_MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MetaMaskMobile/7.24.0';
const TRUST_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Trust/10.9.0';

/** RainbowKit's modal on a desktop; inside a wallet's browser, its own wallet at once. */
async function connectWallet(page: Page, embedded: boolean, name = 'Connect wallet') {
  await page.getByRole('button', { name }).click();
  if (!embedded) {
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /Kestrel Test Wallet/ }).click();
  }
  await expect(page.getByTestId('wallet-address')).toBeVisible();
}

/** Connect, then sign. */
async function signInWithWallet(page: Page, embedded: boolean) {
  await page.goto('/pass/login');
  await connectWallet(page, embedded);
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function username(page: Page): Promise<string> {
  await page.goto('/profile');
  const name = page.getByTestId('profile-username');
  await expect(name).not.toBeEmpty();
  return name.innerText();
}

function onlySignInMethods(wallet: TestWallet) {
  expect(wallet.methods).toContain('personal_sign');
  expect(wallet.methods.filter((m) => m === 'personal_sign')).toHaveLength(1);
  expect(wallet.methods.filter((m) => !SIGN_IN_METHODS.includes(m))).toEqual([]);
}

test('a new person signs in with a wallet, comes back and lands in the same account', async ({
  page,
  isMobile,
}) => {
  const key = generatePrivateKey();
  const wallet = await injectWallet(page, { chainId: LOCAL_CHAIN, privateKey: key });
  // A phone with an injected wallet is a wallet's browser; a desktop has an extension.
  await signInWithWallet(page, isMobile);
  onlySignInMethods(wallet);
  const first = await username(page);
  expect(first).toBe(`w${wallet.address.slice(2, 12).toLowerCase()}`);
  // A wallet account has no password: settings says so instead of offering to change one.
  await page.goto('/profile/settings');
  await expect(page.getByTestId('no-password')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change password' })).toHaveCount(0);
  await page.goto('/profile');

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  wallet.methods.length = 0;
  await signInWithWallet(page, isMobile);
  onlySignInMethods(wallet);
  expect(await username(page)).toBe(first);
});

test('a person who signed up by e-mail links a wallet in settings, then signs in with it', async ({
  page,
  request,
  isMobile,
}) => {
  const wallet = await injectWallet(page, { chainId: LOCAL_CHAIN });
  const user = await registerByEmail(page, request);
  await page.goto('/profile/settings');
  await page.getByRole('link', { name: 'Sign-in methods' }).click();
  await expect(page.getByText('No wallet or Google account is linked yet')).toBeVisible();

  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Link this wallet' }).click();
  await expect(page.getByTestId('wallet-linked')).toHaveText(
    'The wallet is linked. You can now sign in with it.',
  );
  await expect(page.getByTestId('linked-sign-in')).toContainText(wallet.address);
  onlySignInMethods(wallet);

  await page.goto('/profile');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  wallet.methods.length = 0;
  await signInWithWallet(page, isMobile);
  onlySignInMethods(wallet);
  expect(await username(page)).toBe(user.username);
});

test('a wallet that opens another account is not linked, and says so', async ({
  page,
  request,
  isMobile,
}) => {
  const key = generatePrivateKey();
  await injectWallet(page, { chainId: LOCAL_CHAIN, privateKey: key });
  await signInWithWallet(page, isMobile);
  await page.goto('/profile');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);

  await registerByEmail(page, request);
  await page.goto('/profile/sign-ins');
  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Link this wallet' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This wallet or Google account is already linked to another account',
  );
  await expect(page.getByText('No wallet or Google account is linked yet')).toBeVisible();
});

test.describe('a failed read', () => {
  // The browser logs the refused request this test makes on purpose.
  test.use({ expectedConsoleError: 'net::ERR_FAILED' });
  test('a list of sign-in methods that cannot be read says so, not "nothing linked"', async ({
    page,
    request,
  }) => {
    await registerByEmail(page, request);
    await page.route('**/swx/customer/user/listSignIns', (route) => route.abort('failed'));
    await page.goto('/profile/sign-ins');
    await expect(page.getByTestId('sign-ins-error')).toBeVisible();
    await expect(page.getByText('No wallet or Google account is linked yet')).toHaveCount(0);
  });
});

test('a signed-in person links a Google account through the provider and back', async ({
  page,
  request,
}) => {
  await registerByEmail(page, request);
  await page.goto('/profile/sign-ins');
  await page.getByRole('button', { name: 'Link a Google account' }).click();
  await expect(page).toHaveURL(/\/profile\/sign-ins$/);
  await expect(page.getByTestId('linked-sign-in')).toContainText('Google account');
});

test('in Arabic a linked wallet reads right to left, with nothing left in English', async ({
  page,
  request,
  isMobile,
}) => {
  const wallet = await injectWallet(page, { chainId: LOCAL_CHAIN });
  await registerByEmail(page, request);
  await chooseLanguage(page, 'ar');
  await page.goto('/profile/sign-ins');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await connectWallet(page, isMobile, 'ربط المحفظة');
  await page.getByRole('button', { name: 'اربط هذه المحفظة' }).click();
  await expect(page.getByTestId('wallet-linked')).toBeVisible();
  await expect(page.getByTestId('linked-sign-in')).toContainText(wallet.address);
  const words = (await page.locator('main').innerText())
    .replace(/0x[0-9a-fA-F]+(?:…[0-9a-fA-F]+)?/g, '')
    .replace(/Google/g, '')
    .match(/[A-Za-z]{3,}/g);
  expect(words ?? []).toEqual([]);
});

test('cancelling in the wallet says so and signs nobody in', async ({ page, isMobile }) => {
  await injectWallet(page, { chainId: LOCAL_CHAIN, refuse: ['personal_sign'] });
  await page.goto('/pass/login');
  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  await expect(page.getByRole('alert')).toHaveText('The request was cancelled in your wallet.');
  await expect(page).toHaveURL(/\/pass\/login/);
});

test('a wallet on a network the site does not accept is asked to switch', async ({
  page,
  isMobile,
}) => {
  const wallet = await injectWallet(page, { chainId: 5 });
  await page.goto('/pass/login');
  await connectWallet(page, isMobile);
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Switch your wallet to a supported network, then sign again.',
  );
  expect(wallet.methods).not.toContain('personal_sign');
});

test('Google sign-in goes to the provider and back through /api/loginCallback/google', async ({
  page,
}) => {
  await page.goto('/pass/login?redirect=%2Fprofile');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-username')).toHaveText(/^g[0-9a-f]{10}/);
});

test("inside a wallet's browser, Google sign-in offers this page's link to open in the browser", async ({
  page,
}) => {
  // A MetaMask Mobile webview: Google would answer with its disallowed_useragent page.
  await injectWallet(page, { chainId: LOCAL_CHAIN, flags: { isMetaMask: true } });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'userAgent', {
      get: () =>
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MetaMaskMobile',
    });
  });
  await page.goto('/pass/login?redirect=%2Fprofile');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const panel = page.getByTestId('google-in-app');
  await expect(panel).toContainText(
    "Google does not allow signing in inside an app's built-in browser",
  );
  await expect(panel.getByRole('textbox', { name: 'Link to this page' })).toHaveValue(
    /\/pass\/login\?redirect=%2Fprofile$/,
  );
  // Nothing left for the provider: the page stays.
  await expect(page).toHaveURL(/\/pass\/login/);
});

test('a callback without its own request is refused, with a way back', async ({ page }) => {
  await page.goto('/api/loginCallback/google?code=forged&state=forged');
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in did not complete. Please try again.',
  );
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/pass\/login$/);
});

for (const [wallet, userAgent, flags] of [
  ['MetaMask', METAMASK_MOBILE_UA, { isMetaMask: true }],
  ['Trust Wallet', TRUST_ANDROID_UA, { isTrust: true, isMetaMask: true }],
] as const) {
  test.describe(`inside ${wallet}'s browser`, () => {
    test.use({ userAgent });

    test('the wallet sign-in comes first and connects without a chooser', async ({ page }) => {
      const injected = await injectWallet(page, { chainId: LOCAL_CHAIN, flags });
      await page.goto('/pass/login');
      await expect(page.getByLabel('Password')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Use a password instead' })).toBeVisible();
      await signInWithWallet(page, true);
      onlySignInMethods(injected);
    });
  });
}
