import type { IconName } from '../ui/Icon.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** A trade entry: current on a market's page whose panel is open at this tab. */
  panel?: 'contract' | 'option';
  /** A shorter label where six tabs share a phone's width. */
  short?: string;
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

/** The three ways to trade, which the phone's Trade tab opens as a sheet. */
export const TRADE_ENTRIES: readonly NavItem[] = DESKTOP_NAV.filter(
  (item) => item.panel !== undefined || item.to === '/spot',
);

/** Where the phone's Trade tab counts as current: a market's panel, spot, a trade entry. */
export function onTradeScreen(pathname: string, search: string): boolean {
  return (
    pathname.startsWith('/spot') ||
    pathname.startsWith('/trade/') ||
    (pathname === '/cruuency' && search.includes('panel='))
  );
}

function byPath(to: string): NavItem {
  const item = DESKTOP_NAV.find((i) => i.to === to);
  if (item === undefined) throw new Error(`no navigation entry ${to}`);
  return item;
}

/**
 * The mobile tab bar: SPEC §2's five destinations (/, /market, /trading, /loan, /profile),
 * each one tap away, and a Trade tab after Markets that opens a sheet of contracts, options and
 * spot, so each is two taps from any screen, as in Binance's app (decisions.md 42, 76). The
 * smart trading tab has a short label; its full name is its accessible name.
 */
export const MOBILE_TABS: readonly (NavItem | 'trade')[] = [
  byPath('/'),
  byPath('/market'),
  'trade',
  { ...byPath('/trading'), short: 'nav.tradingShort' },
  byPath('/loan'),
  byPath('/profile'),
];

/** Screens where the footer and tab bar are hidden (SPEC §2). */
export const BARE_PATHS = ['/pass/login', '/pass/register', '/pass/reset'];
/** Screens with no navigation at all (SPEC §2: Google callback). */
export const NO_NAV_PATHS = ['/api/loginCallback/google'];
