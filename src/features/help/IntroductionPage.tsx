import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE } from '../content/content-types.ts';
import { ContentBySlug } from '../content/ContentPage.tsx';
import { AppDownloadLinks } from '../content/AppDownloadLinks.tsx';

export default function IntroductionPage() {
  const { t } = useTranslation();
  return (
    <div className="page page-reading">
      <ContentBySlug type={CONTENT_TYPE.company} slug="introduction" />
      <section className="card intro-apps">
        <h2 className="section-title">{t('footer.apps')}</h2>
        <p className="muted">{t('footer.appsNote')}</p>
        <AppDownloadLinks />
      </section>
    </div>
  );
}
