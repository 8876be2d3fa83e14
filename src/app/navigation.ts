import type { IconName } from '../ui/Icon.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** A trade entry: current on a market's page whose panel is open at this tab. */
  panel?: 'contract' | 'option';
}

/** SPEC §2's desktop top navigation, with the three trade entries after Markets. */
export const DESKTOP_NAV: readonly NavItem[] = [
  { to: '/', label: 'nav.home', icon: 'home' },
  { to: '/market', label: 'nav.market', icon: 'market' },
  // The three ways to trade, one click from the shell (decisions.md 42): a market's contract
  // or option panel (the market traded last, else BTCUSDT), and the spot order book.
  { to: '/trade/contract', label: 'nav.contracts', icon: 'contract', panel: 'contract' },
  { to: '/trade/option', label: 'nav.options', icon: 'clock', panel: 'option' },
  { to: '/spot', label: 'nav.spot', icon: 'swap' },
  { to: '/trading', label: 'nav.trading', icon: 'trading' },
  { to: '/loan', label: 'nav.loan', icon: 'loan' },
  { to: '/profile', label: 'nav.account', icon: 'user' },
];

/**
 * The mobile tab bar: SPEC §2's Home, Market and Account, and the trade entries in place of
 * Smart trading and Loans, which stay one tap away on Home's tiles (decisions.md 42).
 */
export const MOBILE_TABS: readonly NavItem[] = DESKTOP_NAV.filter(
  (item) => item.to !== '/trading' && item.to !== '/loan',
);

/** Screens where the footer and tab bar are hidden (SPEC §2). */
export const BARE_PATHS = ['/pass/login', '/pass/register', '/pass/reset'];
/** Screens with no navigation at all (SPEC §2: Google callback). */
export const NO_NAV_PATHS = ['/api/loginCallback/google'];
