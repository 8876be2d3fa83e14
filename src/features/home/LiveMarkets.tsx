import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { layout } from '../../app/layout.ts';
import { Spinner } from '../../ui/EmptyState.tsx';
import { CategoryTabs } from '../market/CategoryTabs.tsx';
import { FeedStatusBadge } from '../market/FeedStatusBadge.tsx';
import { MarketTable } from '../market/MarketTable.tsx';
import { useMarketList } from '../market/queries.ts';

/** The home page's live market table with category tabs (SPEC §2). */
export function LiveMarkets() {
  const { t } = useTranslation('home');
  const [type, setType] = useState(2);
  const list = useMarketList(type);
  const items = list.data?.list.slice(0, layout === 'mobile' ? 8 : 12) ?? [];
  return (
    <section className="card home-markets">
      <div className="home-markets-header">
        <h2 className="section-title">{t('markets.title')}</h2>
        <FeedStatusBadge simulated={items[0]?.simulated ?? false} />
      </div>
      <CategoryTabs selected={type} onSelect={setType} />
      {list.data === undefined ? (
        <Spinner />
      ) : (
        <MarketTable items={items} compact={layout === 'mobile'} />
      )}
      <Link to={`/market?type=${type}`} className="btn btn-ghost home-markets-all">
        {t('markets.viewAll')}
      </Link>
    </section>
  );
}
