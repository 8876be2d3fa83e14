import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { MarketItem } from '../../../contract/market/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { layout } from '../../lib/layout.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { CategoryTabs } from './CategoryTabs.tsx';
import { FeedStatusBadge } from './FeedStatusBadge.tsx';
import { MarketTable } from './MarketTable.tsx';
import { useMarketList } from './queries.ts';
import { useToggleWatch, useWatchlist } from './watchlist.ts';

type SortKey = 'default' | 'change' | 'price' | 'name';
const WATCH = 'watch';

function sortItems(items: readonly MarketItem[], key: SortKey): MarketItem[] {
  const copy = [...items];
  if (key === 'change') copy.sort((a, b) => Number(b.zdf) - Number(a.zdf));
  if (key === 'price') copy.sort((a, b) => Number(b.price ?? 0) - Number(a.price ?? 0));
  if (key === 'name') copy.sort((a, b) => a.code.localeCompare(b.code));
  return copy;
}

function matches(item: MarketItem, search: string): boolean {
  const q = search.trim().toUpperCase();
  return q === '' || item.code.includes(q) || item.appName.toUpperCase().includes(q);
}

/**
 * /market: the watchlist and the five categories, search and sort (SPEC §2). `rowAction`, given
 * by src/app, adds a link beside an instrument's name (the spot order book of a pair).
 */
export default function MarketPage({ rowAction }: { rowAction?: (code: string) => ReactNode }) {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { isLogin } = useStore(sessionStore);
  const view = params.get('type') === WATCH ? WATCH : Number(params.get('type') ?? 2);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('default');
  const list = useMarketList(view === WATCH ? 2 : view, search.trim(), view !== WATCH);
  const watchlist = useWatchlist();
  const toggle = useToggleWatch();
  const source = view === WATCH ? watchlist : list;
  const items = useMemo(
    () =>
      sortItems(
        (source.data?.list ?? []).filter((i) => view !== WATCH || matches(i, search)),
        sort,
      ),
    [source.data, sort, search, view],
  );
  const watched = useMemo(() => new Set(watchlist.data?.list.map((i) => i.code)), [watchlist.data]);
  const onToggleWatch = (code: string, watch: boolean) => {
    if (!isLogin) navigate(`/pass/login?redirect=${encodeURIComponent('/market')}`);
    else toggle.mutate({ code, watch });
  };

  let body;
  if (view === WATCH && !isLogin) {
    body = <EmptyState icon="user" title={t('watch.signIn')} level={2} />;
  } else if (source.isError) {
    body = <EmptyState icon="market" title={errorMessage(t, source.error)} level={2} />;
  } else if (source.data === undefined) {
    body = <Spinner />;
  } else if (items.length === 0) {
    body = (
      <EmptyState icon="market" title={t(view === WATCH ? 'watch.empty' : 'empty')} level={2} />
    );
  } else {
    body = (
      <MarketTable
        items={items}
        compact={layout === 'mobile'}
        watched={watched}
        onToggleWatch={onToggleWatch}
        rowAction={rowAction}
      />
    );
  }

  return (
    <div className="page market-page">
      <div className="market-header">
        <h1 className="page-title">{t('title')}</h1>
        <FeedStatusBadge simulated={items[0]?.simulated ?? false} />
      </div>
      <CategoryTabs
        selected={view}
        onSelect={(type) => setParams({ type: String(type) }, { replace: true })}
        before={
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={view === WATCH}
            onClick={() => setParams({ type: WATCH }, { replace: true })}
          >
            {t('watch.tab')}
          </button>
        }
      />
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
      <section className="card card-list">{body}</section>
    </div>
  );
}
