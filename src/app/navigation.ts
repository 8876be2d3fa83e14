import type { IconName } from '../ui/Icon.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** Where the entry is current besides its own path (a trade entry redirects to a market). */
  current?: (pathname: string, search: URLSearchParams) => boolean;
}

const HOME: NavItem = { to: '/', label: 'nav.home', icon: 'home' };
const MARKET: NavItem = { to: '/market', label: 'nav.market', icon: 'market' };
/**
 * The three ways to trade, one click from the shell (decisions.md 40): a market's contract or
 * option panel (the market traded last, else BTCUSDT), and the spot order book.
 */
const CONTRACTS: NavItem = {
  to: '/trade/contract',
  label: 'nav.contracts',
  icon: 'contract',
  current: (pathname, search) => pathname === '/cruuency' && search.get('panel') !== 'option',
};
const OPTIONS: NavItem = {
  to: '/trade/option',
  label: 'nav.options',
  icon: 'clock',
  current: (pathname, search) => pathname === '/cruuency' && search.get('panel') === 'option',
};
const SPOT: NavItem = { to: '/spot', label: 'nav.spot', icon: 'swap' };
const ACCOUNT: NavItem = { to: '/profile', label: 'nav.account', icon: 'user' };

/** SPEC §2's desktop top navigation, with the three trade entries after Markets. */
export const DESKTOP_NAV: readonly NavItem[] = [
  HOME,
  MARKET,
  CONTRACTS,
  OPTIONS,
  SPOT,
  { to: '/trading', label: 'nav.trading', icon: 'trading' },
  { to: '/loan', label: 'nav.loan', icon: 'loan' },
  ACCOUNT,
];

/**
 * The mobile tab bar: SPEC §2's Home, Market and Account, and the trade entries in place of
 * Smart trading and Loans, which stay one tap away on Home's tiles (decisions.md 40).
 */
export const MOBILE_TABS: readonly NavItem[] = [HOME, MARKET, CONTRACTS, OPTIONS, SPOT, ACCOUNT];

/** Screens where the footer and tab bar are hidden (SPEC §2). */
export const BARE_PATHS = ['/pass/login', '/pass/register', '/pass/reset'];
/** Screens with no navigation at all (SPEC §2: Google callback). */
export const NO_NAV_PATHS = ['/api/loginCallback/google'];
