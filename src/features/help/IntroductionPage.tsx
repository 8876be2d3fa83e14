import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE } from '../content/content-types.ts';
import { ContentBySlug } from '../content/ContentPage.tsx';
import { useParam } from '../content/queries.ts';

export default function IntroductionPage() {
  const { t } = useTranslation();
  const android = useParam('android_url');
  const ios = useParam('ios_url');
  return (
    <div className="page page-reading">
      <ContentBySlug type={CONTENT_TYPE.company} slug="introduction" />
      <section className="card intro-apps">
        <h2 className="section-title">{t('footer.apps')}</h2>
        <p className="muted">{t('footer.appsNote')}</p>
        <div className="footer-apps">
          <a className="btn btn-ghost" href={android.data ?? '/introduction'}>
            {t('footer.android')}
          </a>
          <a className="btn btn-ghost" href={ios.data ?? '/introduction'}>
            {t('footer.ios')}
          </a>
        </div>
      </section>
    </div>
  );
}
