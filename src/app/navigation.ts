import type { IconName } from '../ui/Icon.tsx';

/** SPEC §2: the desktop top navigation and the mobile tab bar show these, in this order. */
export const MAIN_NAV: ReadonlyArray<{ to: string; label: string; icon: IconName }> = [
  { to: '/', label: 'nav.home', icon: 'home' },
  { to: '/market', label: 'nav.market', icon: 'market' },
  { to: '/trading', label: 'nav.trading', icon: 'trading' },
  { to: '/loan', label: 'nav.loan', icon: 'loan' },
  { to: '/profile', label: 'nav.account', icon: 'user' },
];

/** Screens where the footer and tab bar are hidden (SPEC §2). */
export const BARE_PATHS = ['/pass/login', '/pass/register', '/pass/reset'];
/** Screens with no navigation at all (SPEC §2: Google callback). */
export const NO_NAV_PATHS = ['/api/loginCallback/google'];
