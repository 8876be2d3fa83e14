/**
 * Is the page running inside a wallet app's own browser, and whose? Outside one, a phone has no
 * injected provider, so the sign-in page offers links that reopen this page in a wallet app.
 */

/** `generic`: an injected EIP-1193 provider this module does not name (Brave, Rabby, Phantom…). */
export type WalletBrowser =
  | 'metamask'
  | 'trust'
  | 'coinbase'
  | 'okx'
  | 'tokenpocket'
  | 'imtoken'
  | 'binance'
  | 'bitget'
  | 'generic';

/** Identity flags wallets set on `window.ethereum`; many also set isMetaMask to be accepted. */
export interface InjectedFlags {
  isMetaMask?: boolean;
  isTrust?: boolean;
  isTrustWallet?: boolean;
  isCoinbaseWallet?: boolean;
  isCoinbaseBrowser?: boolean;
  isOkxWallet?: boolean;
  isOKExWallet?: boolean;
  isTokenPocket?: boolean;
  isImToken?: boolean;
  isBinance?: boolean;
  isBitKeep?: boolean;
  isBitget?: boolean;
  isBraveWallet?: boolean;
  isRabby?: boolean;
  isPhantom?: boolean;
}

export interface DetectionInput {
  userAgent: string;
  ethereum: InjectedFlags | undefined;
  /** OKX injects `window.okxwallet` even when it leaves `window.ethereum` to another wallet. */
  okxwallet?: unknown;
  /** Binance's documented provider is `window.binancew3w.ethereum`. */
  binancew3w?: unknown;
  /** Defaults to what the user agent says. */
  isMobile?: boolean;
}

/**
 * `browser: null` means no wallet at all (no provider, no wallet user agent), which is not the
 * same as a wallet we cannot name; the type makes "embedded without a wallet" unrepresentable.
 */
export type WalletBrowserDetection =
  { browser: null; embedded: false } | { browser: WalletBrowser; embedded: boolean };

type NamedWallet = Exclude<WalletBrowser, 'generic'>;

// Markers wallet apps append to their webview's user agent; only their own browser sends them.
const USER_AGENT_MARKERS: readonly (readonly [NamedWallet, RegExp])[] = [
  ['metamask', /MetaMaskMobile/],
  ['trust', /\bTrust\/|TrustWallet/],
  ['coinbase', /CoinbaseWallet|CoinbaseBrowser/],
  ['okx', /OKApp|OKEx/],
  ['tokenpocket', /TokenPocket/],
  ['imtoken', /imToken/],
  ['binance', /\bBNC\/|Binance/],
  ['bitget', /BitKeep|Bitget/],
];

// Specific flags first: isMetaMask is also set by most of the others for compatibility.
const FLAG_ORDER: readonly (readonly [keyof InjectedFlags, WalletBrowser])[] = [
  ['isTrust', 'trust'],
  ['isTrustWallet', 'trust'],
  ['isCoinbaseWallet', 'coinbase'],
  ['isCoinbaseBrowser', 'coinbase'],
  ['isOkxWallet', 'okx'],
  ['isOKExWallet', 'okx'],
  ['isTokenPocket', 'tokenpocket'],
  ['isImToken', 'imtoken'],
  ['isBinance', 'binance'],
  ['isBitKeep', 'bitget'],
  ['isBitget', 'bitget'],
  ['isBraveWallet', 'generic'],
  ['isRabby', 'generic'],
  ['isPhantom', 'generic'],
  ['isMetaMask', 'metamask'],
];

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod/i;
// Android System WebView: the page is hosted by some app, never by a standalone browser.
const ANDROID_WEBVIEW = /; wv\)/;

function walletFromUserAgent(userAgent: string): NamedWallet | null {
  return USER_AGENT_MARKERS.find(([, marker]) => marker.test(userAgent))?.[0] ?? null;
}

function walletFromProviders(input: DetectionInput, mobile: boolean): WalletBrowser | null {
  const { ethereum } = input;
  // `=== true`: a page script could set any value; only a real boolean counts.
  const flagged = ethereum && FLAG_ORDER.find(([flag]) => ethereum[flag] === true)?.[1];
  // MetaMask Mobile always announces itself in the user agent; a mobile webview that only
  // claims isMetaMask is another wallet in compatibility mode.
  if (flagged && !(flagged === 'metamask' && mobile)) return flagged;
  if (input.okxwallet !== undefined) return 'okx';
  if (input.binancew3w !== undefined) return 'binance';
  return ethereum ? 'generic' : null;
}

/**
 * Pure: which wallet, and whether the page is inside that wallet app's own browser (`embedded`)
 * rather than a desktop browser with an extension. Desktop extensions of Trust, OKX, Coinbase…
 * set the same flags as their apps, so embedding is judged from the user agent, not the flags.
 */
export function detectWalletBrowser(input: DetectionInput): WalletBrowserDetection {
  const mobile = input.isMobile ?? MOBILE_USER_AGENT.test(input.userAgent);
  const fromUserAgent = walletFromUserAgent(input.userAgent);
  if (fromUserAgent) return { browser: fromUserAgent, embedded: true };

  const browser = walletFromProviders(input, mobile);
  if (browser === null) return { browser: null, embedded: false };
  const embedded =
    mobile ||
    ANDROID_WEBVIEW.test(input.userAgent) ||
    // Set only by the Coinbase Wallet app's browser, not by its extension.
    input.ethereum?.isCoinbaseBrowser === true;
  return { browser, embedded };
}

interface WalletWindow {
  ethereum?: InjectedFlags | null;
  okxwallet?: unknown;
  binancew3w?: unknown;
}

export function detectFromWindow(win: Window): WalletBrowserDetection {
  const injected = win as unknown as WalletWindow;
  const { userAgent, maxTouchPoints } = win.navigator;
  return detectWalletBrowser({
    userAgent,
    ethereum: injected.ethereum ?? undefined,
    okxwallet: injected.okxwallet,
    binancew3w: injected.binancew3w,
    // iPadOS sends a desktop Mac user agent; Macs have no touch screen, iPads do.
    isMobile:
      MOBILE_USER_AGENT.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1),
  });
}

/**
 * Whether the page runs in an app's embedded webview, where Google refuses sign-in with its own
 * error page (`disallowed_useragent`): a wallet's browser, an Android System WebView (`; wv)`),
 * or an iOS WKWebView (a mobile user agent without `Safari/`, which Safari, Chrome and Firefox
 * on iOS all send).
 */
export function isEmbeddedWebView(win: Window): boolean {
  const { userAgent } = win.navigator;
  if (detectFromWindow(win).embedded) return true;
  if (ANDROID_WEBVIEW.test(userAgent)) return true;
  return /iPhone|iPad|iPod/.test(userAgent) && !/Safari\//.test(userAgent);
}

export interface WalletDeepLink {
  wallet: WalletBrowser;
  /** Brand name, not translated. */
  label: string;
  href: string;
}

/**
 * Links that reopen `pageUrl` in a wallet app's browser, for phones outside one. Each form is the
 * wallet's documented "open a DApp" link. Binance is left out on purpose: its developer docs
 * (Web3 Connect change log) say externally supplied deep links no longer open its DApp browser,
 * and a button that cannot work should not be shown.
 */
export function walletDeepLinks(pageUrl: string): WalletDeepLink[] {
  const url = URL.canParse(pageUrl) ? new URL(pageUrl) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`Only an http(s) page can be opened in a wallet: ${pageUrl}`);
  }
  const encoded = encodeURIComponent(url.href);
  return [
    {
      wallet: 'metamask',
      label: 'MetaMask',
      // MetaMask takes the address without its scheme (it opens https) and drops any fragment.
      // link.metamask.io/dapp/ is the newer documented host for the same route.
      href: `https://metamask.app.link/dapp/${url.host}${url.pathname}${url.search}`,
    },
    {
      wallet: 'trust',
      label: 'Trust Wallet',
      // coin_id 60 (Ethereum, SLIP-44) selects the network the DApp browser starts on.
      href: `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}`,
    },
    {
      wallet: 'coinbase',
      label: 'Coinbase Wallet',
      href: `https://go.cb-w.com/dapp?cb_url=${encoded}`,
    },
    {
      wallet: 'okx',
      label: 'OKX Wallet',
      href: `okx://wallet/dapp/url?dappUrl=${encoded}`,
    },
    {
      wallet: 'tokenpocket',
      label: 'TokenPocket',
      // tpdapp://open opens a DApp; tpoutside://pull.activity carries login/sign/transfer actions.
      href: `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: url.href }))}`,
    },
    {
      wallet: 'imtoken',
      label: 'imToken',
      href: `imtokenv2://navigate/DappView?url=${encoded}`,
    },
  ];
}
