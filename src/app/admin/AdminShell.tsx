import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { ADMIN_KEY, staffCall, staffSession } from '../../api/staff-session.ts';
import { useStore } from '../../state/store.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { allowedSections } from './sections.ts';

/** The top bar (logo, "Back office", the sections the role may open, who is signed in). */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();

  // A stored session is checked once: a revoked or expired token ends it (401), and a
  // changed role changes the navigation.
  const me = useQuery({
    queryKey: [ADMIN_KEY, 'me'],
    queryFn: () => staffCall('staffMe'),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (me.data !== undefined) staffSession.update(me.data);
  }, [me.data]);

  async function signOut() {
    try {
      await staffCall('staffLogout');
    } catch {
      // The session may already have ended on the server; the local one ends either way.
    }
    // The guard then sends the person to the sign-in page.
    staffSession.signOut();
    queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
  }

  if (staff === null) return null;
  return (
    <div className="admin-shell">
      <header className="admin-topbar">
        <div className="admin-topbar-inner">
          <div className="admin-brand">
            <Logo compact />
            <span className="admin-brand-text">{t('brand')}</span>
          </div>
          <nav className="admin-nav" aria-label={t('nav.label')} data-testid="admin-nav">
            {allowedSections(staff.role).map((section) => (
              <NavLink
                key={section.name}
                to={section.path}
                end={section.path === '/admin'}
                className="admin-nav-link"
                data-testid={`admin-nav-${section.name}`}
              >
                {t(`nav.${section.name}`)}
              </NavLink>
            ))}
          </nav>
          <div className="admin-who">
            <span className="admin-who-name" data-testid="staff-name" title={staff.username}>
              <Icon name="user" size={18} />
              {staff.username}
            </span>
            <span className="badge admin-role" data-testid="staff-role">
              {t(`role.${staff.role}`)}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => void signOut()}
              aria-label={t('signOut')}
              data-testid="staff-logout"
            >
              <Icon name="logout" size={18} />
              <span className="admin-logout-text">{t('signOut')}</span>
            </button>
          </div>
        </div>
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
