import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../contract/languages.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { preferences } from '../state/preferences.ts';
import { useStore } from '../state/store.ts';
import { LANGUAGE_NAMES } from './language-names.ts';
import { Modal } from './Modal.tsx';

export function LanguageList({ onChosen }: { onChosen?: () => void }) {
  const { language } = useStore(preferences);
  return (
    <div className="language-grid">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="language-option"
          aria-pressed={lang === language}
          lang={lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang}
          data-lang={lang}
          onClick={() => {
            onChosen?.();
            void changeLanguage(lang);
          }}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

export function LanguageModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('language.choose')} onClose={onClose}>
      <LanguageList onChosen={onClose} />
    </Modal>
  );
}
