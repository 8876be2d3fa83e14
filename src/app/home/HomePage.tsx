import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { configuredLink, useParam } from '../../features/content/queries.ts';
import { layout } from '../../lib/layout.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { HomeStats } from './HomeStats.tsx';
import { LiveMarkets } from './LiveMarkets.tsx';

/** SPEC §2: shortcut tiles to notices, account, market, loans and smart trading; and NFTs. */
const TILES: ReadonlyArray<{ to: string; icon: IconName; key: string }> = [
  { to: '/help/notice', icon: 'bell', key: 'notices' },
  { to: '/profile', icon: 'user', key: 'account' },
  { to: '/market', icon: 'market', key: 'market' },
  { to: '/loan', icon: 'loan', key: 'loan' },
  { to: '/trading', icon: 'trading', key: 'trading' },
  // The phone has no footer: this is its way to the charity NFTs (and a shortcut on desktop).
  { to: '/nfts', icon: 'nft', key: 'nfts' },
];

function Tiles() {
  const { t } = useTranslation('home');
  return (
    <nav className="home-tiles" aria-label={t('tiles.label')}>
      {TILES.map((tile) => (
        <Link
          key={tile.to}
          to={tile.to}
          className="card home-tile"
          data-testid={`tile-${tile.key}`}
        >
          <span className="home-tile-icon">
            <Icon name={tile.icon} size={26} />
          </span>
          <strong>{t(`tiles.${tile.key}.title`)}</strong>
          <span className="muted">{t(`tiles.${tile.key}.text`)}</span>
        </Link>
      ))}
    </nav>
  );
}

function Hero() {
  const { t } = useTranslation('home');
  const { isLogin } = useStore(sessionStore);
  const download = configuredLink(useParam('down_url').data);
  return (
    <section className="home-hero">
      <div className="home-hero-text">
        <h1>{t('hero.title')}</h1>
        <p className="muted">{t('hero.subtitle')}</p>
        <div className="home-hero-actions">
          {isLogin ? (
            <Link to="/market" className="btn btn-primary">
              {t('hero.toMarkets')}
            </Link>
          ) : (
            <Link to="/pass/register" className="btn btn-primary">
              {t('hero.start')}
            </Link>
          )}
          {download !== null && (
            <a href={download} rel="noopener" className="btn btn-ghost" data-testid="download-app">
              {t('hero.download')}
            </a>
          )}
        </div>
      </div>
      <svg className="home-hero-art" viewBox="0 0 320 200" aria-hidden="true">
        <defs>
          <linearGradient id="hero-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="#f5b100" stopOpacity="0.35" />
            <stop offset="1" stopColor="#f5b100" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 160 L50 130 L90 145 L140 90 L185 110 L230 55 L270 70 L320 30 L320 200 L0 200 Z"
          fill="url(#hero-fill)"
        />
        <path
          d="M0 160 L50 130 L90 145 L140 90 L185 110 L230 55 L270 70 L320 30"
          fill="none"
          stroke="#f5b100"
          strokeWidth="4"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </section>
  );
}

export default function HomePage() {
  return (
    <div className={`page home home-${layout}`}>
      <Hero />
      {layout === 'desktop' && <HomeStats />}
      <Tiles />
      <LiveMarkets />
    </div>
  );
}
