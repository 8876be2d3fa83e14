import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { NavItem } from './navigation.ts';

/**
 * A shell navigation link, marked current on its own path, and a trade entry on the market
 * page it opened, at its tab.
 */
export function NavEntry({
  item,
  className,
  label,
  children,
}: {
  item: NavItem;
  className: string;
  /** The accessible name, where the text shown is a short form of it. */
  label?: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const panel = search.includes('panel=option') ? 'option' : 'contract';
  if (pathname === '/cruuency' && item.panel === panel) {
    return (
      <Link to={item.to} className={`${className} active`} aria-current="page" aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.to === '/'} className={className} aria-label={label}>
      {children}
    </NavLink>
  );
}
