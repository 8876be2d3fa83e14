import { useTranslation } from 'react-i18next';
import { LanguageList } from '../../ui/LanguageModal.tsx';

export default function LanguagePage() {
  const { t } = useTranslation('profile');
  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('settings.language')}</h1>
      <div className="card">
        <LanguageList />
      </div>
    </div>
  );
}
