import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LANGUAGE_NAMES } from '../../ui/LanguageModal.tsx';

export default function SettingsPage() {
  const { t } = useTranslation('profile');
  const { language } = useStore(preferences);
  const rows = [
    { to: '/profile/password', label: t('settings.password'), value: '' },
    { to: '/profile/sign-ins', label: t('settings.signIns'), value: '' },
    { to: '/profile/language', label: t('settings.language'), value: LANGUAGE_NAMES[language] },
    { to: '/profile/about', label: t('settings.about'), value: '' },
  ];
  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('settings.title')}</h1>
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
