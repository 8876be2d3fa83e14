import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CategoryTabs } from '../../features/market/CategoryTabs.tsx';
import { FeedStatusBadge } from '../../features/market/FeedStatusBadge.tsx';
import { useMarketList } from '../../features/market/queries.ts';
import { layout } from '../../lib/layout.ts';
import { Spinner } from '../../ui/EmptyState.tsx';

const loadMarketTable = () =>
  import('../../features/market/MarketTable.tsx').then((module) => ({
    default: module.MarketTable,
  }));

/**
 * The rows show the list, which arrives after the first paint: their code (the table, its
 * sparklines and coin icons) is fetched beside it once the section is up, not before.
 */
const MarketTable = lazyPart(loadMarketTable);

/** The home page's live market table with category tabs (SPEC §2). */
export function LiveMarkets() {
  const { t } = useTranslation('home');
  const [type, setType] = useState(2);
  const list = useMarketList(type);
  useEffect(() => {
    void loadMarketTable().catch(() => undefined);
  }, []);
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
        <Suspense fallback={<Spinner />}>
          <MarketTable items={items} compact={layout === 'mobile'} />
        </Suspense>
      )}
      <Link to={`/market?type=${type}`} className="btn btn-ghost home-markets-all">
        {t('markets.viewAll')}
      </Link>
    </section>
  );
}
