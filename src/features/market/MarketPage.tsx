import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { MarketItem } from '../../../contract/market.ts';
import { layout } from '../../app/layout.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { CATEGORIES } from './categories.ts';
import { FeedStatusBadge } from './FeedStatusBadge.tsx';
import { MarketTable } from './MarketTable.tsx';
import { useMarketList } from './queries.ts';

type SortKey = 'default' | 'change' | 'price' | 'name';

function sortItems(items: readonly MarketItem[], key: SortKey): MarketItem[] {
  const copy = [...items];
  if (key === 'change') copy.sort((a, b) => Number(b.zdf) - Number(a.zdf));
  if (key === 'price') copy.sort((a, b) => Number(b.price ?? 0) - Number(a.price ?? 0));
  if (key === 'name') copy.sort((a, b) => a.code.localeCompare(b.code));
  return copy;
}

/** /market: the five categories, search and sort (SPEC §2). */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const [params, setParams] = useSearchParams();
  const type = Number(params.get('type') ?? 2);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('default');
  const list = useMarketList(type, search.trim());
  const items = useMemo(() => sortItems(list.data?.list ?? [], sort), [list.data, sort]);

  return (
    <div className="page market-page">
      <div className="market-header">
        <h1 className="page-title">{t('title')}</h1>
        <FeedStatusBadge simulated={items[0]?.simulated ?? false} />
      </div>
      <div className="tabs market-tabs" role="tablist" aria-label={t('categories.label')}>
        {CATEGORIES.map((c) => (
          <button
            key={c.type}
            type="button"
            role="tab"
            className="tab"
            aria-selected={type === c.type}
            onClick={() => setParams({ type: String(c.type) }, { replace: true })}
          >
            {t(`categories.${c.key}`)}
          </button>
        ))}
      </div>
      <div className="market-tools">
        <input
          className="input"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('search')}
          aria-label={t('search')}
          maxLength={32}
        />
        <select
          className="select"
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
          aria-label={t('sort.label')}
        >
          {(['default', 'change', 'price', 'name'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`sort.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <section className="card card-list">
        {list.isError ? (
          <EmptyState icon="market" title={errorMessage(t, list.error)} level={2} />
        ) : list.data === undefined ? (
          <Spinner />
        ) : items.length === 0 ? (
          <EmptyState icon="market" title={t('empty')} level={2} />
        ) : (
          <MarketTable items={items} compact={layout === 'mobile'} />
        )}
      </section>
    </div>
  );
}
