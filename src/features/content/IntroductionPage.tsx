import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE } from './content-types.ts';
import { ContentBySlug } from './ContentPage.tsx';
import { AppDownloadLinks, useAppLinks } from './AppDownloadLinks.tsx';

export default function IntroductionPage() {
  const { t } = useTranslation('footer');
  const apps = useAppLinks();
  return (
    <div className="page page-reading">
      <ContentBySlug type={CONTENT_TYPE.company} slug="introduction" />
      {apps.length > 0 && (
        <section className="card intro-apps" data-testid="intro-apps">
          <h2 className="section-title">{t('apps')}</h2>
          <p className="muted">{t('appsNote')}</p>
          <AppDownloadLinks />
        </section>
      )}
    </div>
  );
}
