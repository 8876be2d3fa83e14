import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { endingSession } from '../../api/client.ts';
import { useSwitchBook } from '../../api/switch-book.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { EmailAddress } from '../../ui/EmailAddress.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';

const MENU: ReadonlyArray<{ to: string; label: string; icon: IconName; badge?: 'identity' }> = [
  { to: '/profile/kyc', label: 'menu.identity', icon: 'shield', badge: 'identity' },
  { to: '/profile/balance', label: 'menu.balances', icon: 'wallet' },
  { to: '/profile/balancebb', label: 'menu.coinBalances', icon: 'wallet' },
  { to: '/profile/orders', label: 'menu.orders', icon: 'trading' },
  { to: '/profile/qiandao', label: 'menu.checkIn', icon: 'gift' },
  { to: '/profile/invite', label: 'menu.invite', icon: 'user' },
  { to: '/profile/notification', label: 'menu.notifications', icon: 'bell' },
  { to: '/profile/kefu', label: 'menu.support', icon: 'support' },
  { to: '/help', label: 'menu.help', icon: 'help' },
  { to: '/profile/settings', label: 'menu.settings', icon: 'settings' },
];

/** The demo/real switch (SPEC §1, §4): the choice is sent as `virtually` on every call. */
export function BookSwitch() {
  const { t } = useTranslation('profile');
  const { book } = useStore(preferences);
  const choose = useSwitchBook();
  return (
    <div className="book-switch">
      <div className="tabs" role="radiogroup" aria-label={t('book.label')}>
        {(['demo', 'real'] as const).map((b) => (
          <button
            key={b}
            type="button"
            role="radio"
            className="tab"
            aria-checked={book === b}
            aria-selected={book === b}
            data-book={b}
            onClick={() => choose(b)}
          >
            {t(`book.${b}`)}
          </button>
        ))}
      </div>
      <p className="muted book-note">{t(`book.${book}Note`)}</p>
    </div>
  );
}

export default function ProfilePage({ identityBadge }: { identityBadge?: ReactNode }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { userInfo } = useStore(sessionStore);
  const { book } = useStore(preferences);

  async function logout() {
    try {
      // Whether or not the server answers, the session ends here (it expires there on its own).
      // Leave first, then end it at once (a reload right after must find it gone); the guard
      // sees the navigation away under way and does not send the person to log in.
      await endingSession('logout', {}, () => {
        void navigate('/', { replace: true });
        sessionStore.signOut();
      });
    } catch {
      // Signed out above either way.
    }
  }

  return (
    <div className="page page-narrow profile-page">
      <section className="card profile-card">
        <div className="profile-avatar" aria-hidden="true">
          {userInfo?.username.slice(0, 1).toUpperCase()}
        </div>
        <div className="profile-id">
          <h1 data-testid="profile-username">{userInfo?.username}</h1>
          <p className="muted">
            {userInfo?.email != null ? (
              <EmailAddress address={userInfo.email} />
            ) : (
              `${userInfo?.areaCode ?? ''} ${userInfo?.phone ?? ''}`
            )}
          </p>
          <p className="muted">
            {t('inviteCode')}: <span className="num">{userInfo?.inviteCode}</span>
          </p>
        </div>
        <span className={`badge badge-${book}`} data-testid="book-badge">
          {t(`book.${book}`)}
        </span>
      </section>
      <section className="card">
        <h2 className="section-title">{t('book.title')}</h2>
        <BookSwitch />
      </section>
      <nav className="card card-list" aria-label={t('menu.label')}>
        <ul className="list">
          {MENU.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="list-item">
                <span className="list-item-label">
                  <Icon name={item.icon} size={20} />
                  {t(item.label)}
                </span>
                <span className="list-item-end">
                  {item.badge === 'identity' && identityBadge}
                  <span className="chevron">
                    <Icon name="chevron" size={18} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="list-item"
              onClick={() => void logout()}
              data-testid="logout"
            >
              <span className="list-item-label">
                <Icon name="logout" size={20} />
                {t('menu.logout')}
              </span>
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
