import { describe, expect, it } from 'vitest';
import {
  detectFromWindow,
  detectWalletBrowser,
  isEmbeddedWebView,
  walletDeepLinks,
  type InjectedFlags,
  type WalletBrowser,
  type WalletBrowserDetection,
} from './in-app-browser.ts';

const UA = {
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // WKWebView as wallet apps host it: no Safari token, no app marker.
  iosWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.81 Mobile Safari/537.36',
};

interface Case {
  name: string;
  userAgent: string;
  ethereum?: InjectedFlags;
  okxwallet?: unknown;
  binancew3w?: unknown;
  isMobile?: boolean;
  expected: WalletBrowserDetection;
}

const inApp = (browser: WalletBrowser) => ({ browser, embedded: true });
const extension = (browser: WalletBrowser) => ({ browser, embedded: false });
const noWallet = { browser: null, embedded: false } as const;

const table: Case[] = [
  {
    name: 'MetaMask Mobile, iOS',
    userAgent: `${UA.iosWebView} WebView MetaMaskMobile`,
    ethereum: { isMetaMask: true },
    expected: inApp('metamask'),
  },
  {
    name: 'MetaMask Mobile, Android',
    userAgent: `${UA.androidWebView} MetaMaskMobile`,
    ethereum: { isMetaMask: true },
    expected: inApp('metamask'),
  },
  {
    name: 'MetaMask Mobile before its provider is injected',
    userAgent: `${UA.androidWebView} MetaMaskMobile`,
    expected: inApp('metamask'),
  },
  {
    name: 'Trust Wallet, Android (Trust/ marker)',
    userAgent: `${UA.androidWebView} Trust/4.0`,
    ethereum: { isMetaMask: true, isTrust: true, isTrustWallet: true },
    expected: inApp('trust'),
  },
  {
    name: 'Trust Wallet, iOS (TrustWallet marker)',
    userAgent: `${UA.iosWebView} TrustWallet/v10.7`,
    ethereum: { isMetaMask: true, isTrust: true },
    expected: inApp('trust'),
  },
  {
    name: 'isMetaMask and isTrust in a webview without a marker: Trust',
    userAgent: UA.iosWebView,
    ethereum: { isMetaMask: true, isTrust: true },
    expected: inApp('trust'),
  },
  {
    name: 'isMetaMask and isTrust on desktop: the Trust extension',
    userAgent: UA.desktopChrome,
    ethereum: { isMetaMask: true, isTrust: true, isTrustWallet: true },
    expected: extension('trust'),
  },
  {
    name: 'Coinbase Wallet, iOS',
    userAgent: `${UA.iosWebView} CoinbaseWallet/28.6.0`,
    ethereum: { isCoinbaseWallet: true, isCoinbaseBrowser: true },
    expected: inApp('coinbase'),
  },
  {
    name: 'Coinbase Wallet browser flag without a marker (iPad, desktop user agent)',
    userAgent: UA.macChrome,
    ethereum: { isCoinbaseWallet: true, isCoinbaseBrowser: true },
    expected: inApp('coinbase'),
  },
  {
    name: 'Coinbase Wallet extension, desktop',
    userAgent: UA.macChrome,
    ethereum: { isCoinbaseWallet: true },
    expected: extension('coinbase'),
  },
  {
    name: 'OKX, Android',
    userAgent: `${UA.androidWebView} OKApp/(OKEx/6.86.0)`,
    ethereum: { isMetaMask: true, isOkxWallet: true },
    okxwallet: {},
    expected: inApp('okx'),
  },
  {
    name: 'OKX extension that leaves window.ethereum alone, desktop',
    userAgent: UA.desktopChrome,
    okxwallet: {},
    expected: extension('okx'),
  },
  {
    name: 'TokenPocket, Android',
    userAgent: `${UA.androidWebView} TokenPocket_Android`,
    ethereum: { isMetaMask: true, isTokenPocket: true },
    expected: inApp('tokenpocket'),
  },
  {
    name: 'imToken, iOS',
    userAgent: `${UA.iosWebView} imToken/2.14.2`,
    ethereum: { isMetaMask: true, isImToken: true },
    expected: inApp('imtoken'),
  },
  {
    name: 'Binance Web3 wallet, Android',
    userAgent: `${UA.androidWebView} BNC/2.89.0 (build 5; Android 14; SM-S911B)`,
    ethereum: { isMetaMask: true, isBinance: true },
    binancew3w: {},
    expected: inApp('binance'),
  },
  {
    name: 'Bitget Wallet, iOS',
    userAgent: `${UA.iosWebView} BitKeep/8.21.0`,
    ethereum: { isMetaMask: true, isBitKeep: true },
    expected: inApp('bitget'),
  },
  {
    name: 'unnamed wallet in an Android webview',
    userAgent: UA.androidWebView,
    ethereum: {},
    expected: inApp('generic'),
  },
  {
    name: 'Android webview claiming only isMetaMask (not MetaMask Mobile, which has a marker)',
    userAgent: UA.androidWebView,
    ethereum: { isMetaMask: true },
    expected: inApp('generic'),
  },
  {
    name: 'Android webview with a provider even when the caller says not mobile',
    userAgent: UA.androidWebView,
    ethereum: {},
    isMobile: false,
    expected: inApp('generic'),
  },
  {
    name: 'Phantom app browser, iOS',
    userAgent: UA.iosWebView,
    ethereum: { isMetaMask: true, isPhantom: true },
    expected: inApp('generic'),
  },
  {
    name: 'desktop Chrome with the MetaMask extension',
    userAgent: UA.desktopChrome,
    ethereum: { isMetaMask: true },
    expected: extension('metamask'),
  },
  {
    name: 'desktop Brave Wallet (also isMetaMask)',
    userAgent: UA.desktopChrome,
    ethereum: { isMetaMask: true, isBraveWallet: true },
    expected: extension('generic'),
  },
  {
    name: 'desktop Chrome with Rabby (also isMetaMask)',
    userAgent: UA.desktopChrome,
    ethereum: { isMetaMask: true, isRabby: true },
    expected: extension('generic'),
  },
  {
    name: 'desktop Chrome with Phantom (also isMetaMask)',
    userAgent: UA.macChrome,
    ethereum: { isMetaMask: true, isPhantom: true },
    expected: extension('generic'),
  },
  {
    name: 'a flag that is not a real boolean names nothing',
    userAgent: UA.desktopChrome,
    ethereum: { isMetaMask: 'true' } as unknown as InjectedFlags,
    expected: extension('generic'),
  },
  {
    name: 'desktop Chrome without a wallet',
    userAgent: UA.desktopChrome,
    expected: noWallet,
  },
  {
    name: 'mobile Safari without a wallet',
    userAgent: UA.iosSafari,
    expected: noWallet,
  },
  {
    name: 'Android Chrome without a wallet',
    userAgent: UA.androidChrome,
    expected: noWallet,
  },
];

describe('detectWalletBrowser', () => {
  it.each(table)('$name', ({ name: _name, expected, ...input }) => {
    expect(detectWalletBrowser({ ethereum: undefined, ...input })).toEqual(expected);
  });
});

describe('detectFromWindow', () => {
  const fakeWindow = (userAgent: string, maxTouchPoints: number, injected: object) =>
    ({ navigator: { userAgent, maxTouchPoints }, ...injected }) as unknown as Window;

  it('reads the user agent and the injected globals', () => {
    const win = fakeWindow(`${UA.androidWebView} OKApp/(OKEx/6.86.0)`, 5, {
      ethereum: { isOkxWallet: true },
      okxwallet: {},
    });
    expect(detectFromWindow(win)).toEqual(inApp('okx'));
  });

  it('treats an iPad (desktop user agent, touch screen) as mobile', () => {
    const win = fakeWindow(UA.macChrome, 5, { ethereum: { isMetaMask: true, isPhantom: true } });
    expect(detectFromWindow(win)).toEqual(inApp('generic'));
  });

  it('treats a Mac (no touch screen) as desktop', () => {
    const win = fakeWindow(UA.macChrome, 0, { ethereum: { isMetaMask: true } });
    expect(detectFromWindow(win)).toEqual(extension('metamask'));
  });

  it('treats window.ethereum = null as no provider', () => {
    expect(detectFromWindow(fakeWindow(UA.desktopChrome, 0, { ethereum: null }))).toEqual(noWallet);
  });
});

describe('isEmbeddedWebView (Google refuses sign-in there)', () => {
  const win = (userAgent: string, injected: object = {}) =>
    ({ navigator: { userAgent, maxTouchPoints: 5 }, ...injected }) as unknown as Window;

  it('is true in a wallet browser, an Android WebView and an iOS WKWebView', () => {
    expect(isEmbeddedWebView(win(`${UA.iosSafari} MetaMaskMobile`, { ethereum: {} }))).toBe(true);
    expect(isEmbeddedWebView(win(UA.androidWebView))).toBe(true);
    const wkWebView = UA.iosSafari.replace(/ Safari\/[\d.]+/, '');
    expect(isEmbeddedWebView(win(wkWebView))).toBe(true);
  });

  it('is false in Safari, Chrome on Android and a desktop browser', () => {
    expect(isEmbeddedWebView(win(UA.iosSafari))).toBe(false);
    expect(isEmbeddedWebView(win(UA.androidChrome))).toBe(false);
    expect(
      isEmbeddedWebView({
        navigator: { userAgent: UA.desktopChrome, maxTouchPoints: 0 },
      } as unknown as Window),
    ).toBe(false);
  });
});

describe('walletDeepLinks', () => {
  const page = 'https://kestrel.example:8443/zh-CN/sign-in?next=%2Fwallet&ref=a+b#connect';
  const links = walletDeepLinks(page);
  const hrefOf = (wallet: string) => {
    const link = links.find((l) => l.wallet === wallet);
    if (!link) throw new Error(`no link for ${wallet}`);
    return link.href;
  };

  it('offers the wallets whose deep links still open their DApp browser, with brand labels', () => {
    expect(links.map((l) => [l.wallet, l.label])).toEqual([
      ['metamask', 'MetaMask'],
      ['trust', 'Trust Wallet'],
      ['coinbase', 'Coinbase Wallet'],
      ['okx', 'OKX Wallet'],
      ['tokenpocket', 'TokenPocket'],
      ['imtoken', 'imToken'],
    ]);
  });

  it.each([
    ['trust', 'https://link.trustwallet.com/open_url?coin_id=60&url=', 'url'],
    ['coinbase', 'https://go.cb-w.com/dapp?cb_url=', 'cb_url'],
    ['okx', 'okx://wallet/dapp/url?dappUrl=', 'dappUrl'],
    ['imtoken', 'imtokenv2://navigate/DappView?url=', 'url'],
  ])('%s: well-formed, and the page URL decodes back', (wallet, prefix, param) => {
    const href = hrefOf(wallet);
    expect(href.startsWith(prefix)).toBe(true);
    expect(new URL(href).searchParams.get(param)).toBe(page);
    expect(decodeURIComponent(href.slice(prefix.length))).toBe(page);
  });

  it('tokenpocket: the page URL travels in a JSON params object', () => {
    const href = hrefOf('tokenpocket');
    const prefix = 'tpdapp://open?params=';
    expect(href.startsWith(prefix)).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.slice(prefix.length)))).toEqual({ url: page });
  });

  it('metamask: the page without its scheme (and fragment) in the path', () => {
    const href = hrefOf('metamask');
    const prefix = 'https://metamask.app.link/dapp/';
    expect(href).toBe(`${prefix}kestrel.example:8443/zh-CN/sign-in?next=%2Fwallet&ref=a+b`);
    expect(new URL(href).hostname).toBe('metamask.app.link');
    expect(`https://${href.slice(prefix.length)}#connect`).toBe(page);
  });

  it('accepts a plain http page', () => {
    expect(walletDeepLinks('http://127.0.0.1:8080/')[0]?.href).toBe(
      'https://metamask.app.link/dapp/127.0.0.1:8080/',
    );
  });

  it.each(['javascript:alert(1)', 'ftp://kestrel.example/', 'data:text/html,hi', 'not a url', ''])(
    'rejects %j',
    (url) => {
      expect(() => walletDeepLinks(url)).toThrow(/http\(s\)/);
    },
  );
});
