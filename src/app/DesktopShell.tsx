import { Suspense, useState, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadScreenLocales } from '../i18n/i18n.ts';
import { preferences } from '../state/preferences.ts';
import { sessionStore } from '../state/session.ts';
import { useStore } from '../state/store.ts';
import { Icon } from '../ui/Icon.tsx';
import { LANGUAGE_NAMES } from '../ui/language-names.ts';
import { LazyLanguageModal, preloadLanguageModal } from '../ui/LazyLanguageModal.tsx';
import { Logo } from '../ui/Logo.tsx';
import { NavEntry } from './NavEntry.tsx';
import { DESKTOP_NAV } from './navigation.ts';
import { NotificationBell } from '../features/notifications/routes.tsx';

/**
 * Below the fold: fetched once the screen is up, not before its first paint, beside its text
 * (SCREEN_NAMESPACES).
 */
const Footer = lazyPart(() =>
  Promise.all([import('./DesktopFooter.tsx'), loadScreenLocales()]).then(([footer]) => footer),
);

function TopNav() {
  const { t } = useTranslation();
  const { isLogin, userInfo } = useStore(sessionStore);
  const { language, book } = useStore(preferences);
  const [languageOpen, setLanguageOpen] = useState(false);
  return (
    <header className="topnav">
      <div className="topnav-inner">
        <Logo />
        <nav className="topnav-links" aria-label={t('nav.main')}>
          {DESKTOP_NAV.map((item) => (
            <NavEntry key={item.to} item={item} className="topnav-link">
              {t(item.label)}
            </NavEntry>
          ))}
        </nav>
        <div className="topnav-actions">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setLanguageOpen(true)}
            onPointerEnter={preloadLanguageModal}
            onFocus={preloadLanguageModal}
            data-testid="language-button"
          >
            <Icon name="globe" size={18} />
            {/* The name starts with the visible text (WCAG 2.5.3), then says what it does. */}
            {LANGUAGE_NAMES[language]}
            <span className="visually-hidden">{`, ${t('language.choose')}`}</span>
          </button>
          {isLogin && <NotificationBell />}
          <Link to="/profile/kefu" className="icon-btn" aria-label={t('nav.support')}>
            <Icon name="support" />
          </Link>
          {isLogin ? (
            <Link to="/profile" className="topnav-user" data-testid="user-menu">
              <span className={`badge badge-${book}`}>{t(`book.${book}`)}</span>
              <span>{userInfo?.username}</span>
            </Link>
          ) : (
            <>
              <Link to="/pass/login" className="btn btn-ghost btn-small">
                {t('auth.login')}
              </Link>
              <Link to="/pass/register" className="btn btn-primary btn-small">
                {t('auth.register')}
              </Link>
            </>
          )}
        </div>
      </div>
      {languageOpen && <LazyLanguageModal onClose={() => setLanguageOpen(false)} />}
    </header>
  );
}

export function DesktopShell({ children, bare }: { children: ReactNode; bare: boolean }) {
  return (
    <div className="shell shell-desktop">
      <TopNav />
      <main className="shell-main">{children}</main>
      {!bare && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </div>
  );
}
