import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon.tsx';
import { CONTENT_TYPE } from './content-types.ts';
import { ContentLinks } from './HelpListPage.tsx';

/** Help centre: FAQ, notices and the legal pages. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <div className="page page-narrow help-page">
      <h1 className="page-title">{t('title')}</h1>
      <div className="help-tiles">
        <Link to="/help/faq" className="card help-tile">
          <Icon name="help" size={28} />
          <strong>{t('faq.title')}</strong>
          <span className="muted">{t('faq.description')}</span>
        </Link>
        <Link to="/help/notice" className="card help-tile">
          <Icon name="bell" size={28} />
          <strong>{t('notice.title')}</strong>
          <span className="muted">{t('notice.description')}</span>
        </Link>
      </div>
      <h2 className="section-title">{t('legal')}</h2>
      <ContentLinks type={CONTENT_TYPE.policy} />
      <ContentLinks type={CONTENT_TYPE.statement} />
    </div>
  );
}
