import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppDownloadLinks } from '../features/content/AppDownloadLinks.tsx';
import { useContentList } from '../features/content/queries.ts';
import { Logo } from '../ui/Logo.tsx';

function FooterContentList({ type, title }: { type: number; title: string }) {
  const { data } = useContentList(type);
  return (
    <div className="footer-col">
      <h3>{title}</h3>
      <ul className="list">
        {data?.map((item) => (
          <li key={item.id}>
            <Link to={`/detail?id=${item.id}&title=${encodeURIComponent(item.title)}`}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The desktop footer (SPEC §2): brand, app links, products and the content lists. */
export default function Footer() {
  const { t } = useTranslation(['common', 'footer']);
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-col footer-brand">
          <Logo />
          <p className="muted">{t('tagline')}</p>
          <AppDownloadLinks small />
        </div>
        <div className="footer-col">
          <h3>{t('footer:products')}</h3>
          <ul className="list">
            <li>
              <Link to="/market">{t('nav.market')}</Link>
            </li>
            <li>
              <Link to="/loan">{t('nav.loan')}</Link>
            </li>
            <li>
              <Link to="/nfts">{t('nav.nfts')}</Link>
            </li>
            <li>
              <Link to="/trading">{t('nav.trading')}</Link>
            </li>
          </ul>
        </div>
        <FooterContentList type={1} title={t('footer:company')} />
        <FooterContentList type={2} title={t('footer:policies')} />
        <FooterContentList type={3} title={t('footer:statements')} />
      </div>
      <p className="footer-legal muted">{t('footer:riskNotice')}</p>
    </footer>
  );
}
