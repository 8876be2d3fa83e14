import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { preferences, setPreference } from '../state/preferences.ts';
import { sessionStore } from '../state/session.ts';
import { useStore } from '../state/store.ts';
import { Icon } from '../ui/Icon.tsx';
import { LazyLanguageModal, preloadLanguageModal } from '../ui/LazyLanguageModal.tsx';
import { lazyPart } from '../lib/lazy.ts';
import { Logo } from '../ui/Logo.tsx';
import { NavEntry } from './NavEntry.tsx';
import { MOBILE_TABS, onTradeScreen, type NavItem } from './navigation.ts';
import { NotificationBell } from '../features/notifications/routes.tsx';

const TAB_ROOTS = new Set(MOBILE_TABS.flatMap((item) => (item === 'trade' ? [] : [item.to])));

function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { isLogin } = useStore(sessionStore);
  const [languageOpen, setLanguageOpen] = useState(false);
  return (
    <header className="topbar">
      {TAB_ROOTS.has(pathname) ? (
        <Logo compact />
      ) : (
        <button
          type="button"
          className="icon-btn"
          aria-label={t('nav.back')}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        >
          <Icon name="back" />
        </button>
      )}
      <div className="topbar-actions">
        <button
          type="button"
          className="icon-btn"
          onClick={() => setLanguageOpen(true)}
          onPointerEnter={preloadLanguageModal}
          onFocus={preloadLanguageModal}
          aria-label={t('language.choose')}
          data-testid="language-button"
        >
          <Icon name="globe" />
        </button>
        {isLogin && <NotificationBell />}
        <Link to="/profile/kefu" className="icon-btn" aria-label={t('nav.support')}>
          <Icon name="support" />
        </Link>
        {!isLogin && (
          <Link to="/pass/login" className="btn btn-primary btn-small">
            {t('auth.login')}
          </Link>
        )}
      </div>
      {languageOpen && <LazyLanguageModal onClose={() => setLanguageOpen(false)} />}
    </header>
  );
}

const loadTradeSheet = () => import('./TradeSheet.tsx');
const TradeSheet = lazyPart(loadTradeSheet);
/** The sheet's code, fetched when the tab is pointed at or focused, so a tap rarely waits. */
const preloadTradeSheet = () => void loadTradeSheet().catch(() => undefined);

/**
 * The Trade tab: a sheet of the three ways to trade, current on any trade screen. The sheet's
 * code comes after the first paint, on first use; once there it stays mounted.
 */
function TradeTab() {
  const { t } = useTranslation();
  const location = useLocation();
  // Open on the screen it was opened from: following one of its links closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const open = openedAt === location.key;
  const current = onTradeScreen(location.pathname, location.search);
  return (
    <>
      <button
        type="button"
        className={`tabbar-item${current ? ' active' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpenedAt(location.key);
        }}
        onPointerEnter={preloadTradeSheet}
        onFocus={preloadTradeSheet}
        data-testid="tab-trade"
      >
        <Icon name="swap" />
        <span>{t('nav.trade')}</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <TradeSheet open={open} onClose={() => setOpenedAt(null)} />
        </Suspense>
      )}
    </>
  );
}

function Tab({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  return (
    <NavEntry
      item={item}
      className="tabbar-item"
      label={item.short === undefined ? undefined : t(item.label)}
    >
      <Icon name={item.icon} />
      <span>{t(item.short ?? item.label)}</span>
    </NavEntry>
  );
}

function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('nav.main')}>
      {MOBILE_TABS.map((item) =>
        item === 'trade' ? <TradeTab key="trade" /> : <Tab key={item.to} item={item} />,
      )}
    </nav>
  );
}

/** SPEC §2: once per session; Continue -> register (or home when signed in), Skip -> home. */
function Onboarding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLogin } = useStore(sessionStore);
  const close = (to: string) => {
    setPreference('onboardingShown', true);
    navigate(to);
  };
  return (
    <div className="onboarding" role="dialog" aria-modal="true" aria-labelledby="onboarding-title">
      <div className="onboarding-art" aria-hidden="true">
        <svg viewBox="0 0 200 120" width="100%">
          <path
            d="M10 100 L60 60 L95 80 L140 30 L190 45"
            fill="none"
            stroke="#f5b100"
            strokeWidth="5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path
            d="M10 100 L60 60 L95 80 L140 30 L190 45 L190 120 L10 120 Z"
            fill="#f5b100"
            fillOpacity={0.12}
          />
        </svg>
      </div>
      <h1 id="onboarding-title">{t('onboarding.title')}</h1>
      <p className="muted">{t('onboarding.body')}</p>
      <div className="onboarding-actions">
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => close(isLogin ? '/' : '/pass/register')}
        >
          {t('onboarding.continue')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => close('/')}>
          {t('onboarding.skip')}
        </button>
      </div>
    </div>
  );
}

export function MobileShell({ children, bare }: { children: ReactNode; bare: boolean }) {
  const { onboardingShown } = useStore(preferences);
  return (
    <div className={`shell shell-mobile${bare ? ' shell-bare' : ''}`}>
      <TopBar />
      <main className="shell-main">{children}</main>
      {!bare && <TabBar />}
      {!onboardingShown && !bare && <Onboarding />}
    </div>
  );
}
