import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LANGUAGE_NAMES } from '../../ui/language-names.ts';

export default function SettingsPage() {
  const { t } = useTranslation('profile');
  const { language } = useStore(preferences);
  const { userInfo } = useStore(sessionStore);
  // A wallet or Google account has no password to change: it may set one once it has an
  // e-mail (by the e-mail code of the reset page), and otherwise sees no password row at all.
  const hasPassword = userInfo?.hasPassword !== false;
  const email = userInfo?.email ?? null;
  const passwordRow = hasPassword
    ? [{ to: '/profile/password', label: t('settings.password'), value: '' }]
    : email !== null
      ? [
          {
            to: `/pass/reset?email=${encodeURIComponent(email)}`,
            label: t('settings.setPassword'),
            value: '',
          },
        ]
      : [];
  const rows = [
    ...passwordRow,
    { to: '/profile/security', label: t('settings.security'), value: '' },
    { to: '/profile/sign-ins', label: t('settings.signIns'), value: '' },
    { to: '/profile/language', label: t('settings.language'), value: LANGUAGE_NAMES[language] },
    { to: '/profile/about', label: t('settings.about'), value: '' },
  ];
  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('settings.title')}</h1>
      {!hasPassword && email === null && (
        <p className="muted" data-testid="no-password">
          {t('settings.noPassword')}
        </p>
      )}
      <nav className="card card-list">
        <ul className="list">
          {rows.map((row) => (
            <li key={row.to}>
              <Link to={row.to} className="list-item">
                <span>{row.label}</span>
                <span className="muted">
                  {row.value}{' '}
                  <span className="chevron">
                    <Icon name="chevron" size={18} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
