import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { SpotPair } from '../../../contract/spot/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { layout } from '../../lib/layout.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { DepthChart } from './DepthChart.tsx';
import { OrderBook } from './OrderBook.tsx';
import { EMPTY_DRAFT, OrderPanel, type PanelDraft } from './OrderPanel.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { SpotAccount } from './SpotAccount.tsx';
import { spotPath } from './SpotLinks.tsx';
import { pairOf, useSpotPairs } from './pairs.ts';
import { useSpotBook, useSpotNudges } from './queries.ts';
import './spot.css';

/** Links to every pair, the open one marked. */
function PairSwitcher({ pairs, current }: { pairs: readonly SpotPair[]; current?: string }) {
  const { t } = useTranslation('spot');
  return (
    <nav className="spot-pairs" aria-label={t('page.pairs')} data-testid="spot-pairs">
      {pairs.map((p) => (
        <Link
          key={p.code}
          to={spotPath(p.code)}
          className="spot-pair"
          aria-current={p.code === current ? 'page' : undefined}
          data-testid={`pair-${p.code}`}
        >
          {p.symbol}
        </Link>
      ))}
    </nav>
  );
}

/** One pair: its book, depth, trades, the order forms and the person's orders and coins. */
function SpotScreen({ pair, pairs }: { pair: SpotPair; pairs: readonly SpotPair[] }) {
  const { t } = useTranslation('spot');
  const { isLogin } = useStore(sessionStore);
  const book = useSpotBook(pair.code);
  const [draft, setDraft] = useState<PanelDraft>(EMPTY_DRAFT);
  const compact = layout === 'mobile';
  const data = book.data;
  // A level's price goes into both forms, as a limit.
  const pick = (price: string) =>
    setDraft((d) => ({ ...d, type: 'limit', price: { buy: price, sell: price } }));

  const orderBook = <OrderBook pair={pair} book={data} levels={compact ? 8 : 12} onPick={pick} />;
  const depth = <DepthChart pair={pair} book={data} />;
  const trades = <RecentTrades pair={pair} book={data} rows={compact ? 15 : 24} />;
  const panel = (
    <OrderPanel pair={pair} book={data} draft={draft} setDraft={setDraft} compact={compact} />
  );

  return (
    <div
      className={`page spot-page${compact ? ' spot-page-compact' : ''}`}
      data-testid="spot-page"
      data-code={pair.code}
    >
      <header className="spot-head">
        <div className="spot-title">
          <h1 className="page-title">{t('page.title', { symbol: pair.symbol })}</h1>
          <PairSwitcher pairs={pairs} current={pair.code} />
        </div>
        <dl className="spot-stats">
          <div>
            <dt>{t('page.last')}</dt>
            <dd className="num" data-testid="spot-last" data-value={data?.last ?? ''}>
              <Amount value={data?.last ?? null} />
            </dd>
          </div>
          <div>
            <dt>{t('page.feed')}</dt>
            <dd className="num" data-testid="spot-feed" data-value={data?.feedPrice ?? ''}>
              <Price value={data?.feedPrice ?? null} />
            </dd>
          </div>
        </dl>
      </header>
      {book.isError && <p className="alert alert-error">{errorMessage(t, book.error)}</p>}
      {compact ? (
        <>
          <div className="spot-stack">
            {orderBook}
            {panel}
          </div>
          {isLogin ? (
            <SpotAccount
              pair={pair}
              market={
                <div className="spot-stack">
                  {depth}
                  {trades}
                </div>
              }
            />
          ) : (
            <div className="spot-stack">
              {depth}
              {trades}
            </div>
          )}
        </>
      ) : (
        <>
          <div className="spot-grid">
            {orderBook}
            {/* The form first: its submit in view without scrolling, the depth under it. */}
            <div className="spot-center">
              {panel}
              {depth}
            </div>
            {trades}
          </div>
          {isLogin && <SpotAccount pair={pair} />}
        </>
      )}
    </div>
  );
}

/** /spot/:code: spot trading of a pair on the order book (/spot opens the first pair). */
export default function SpotPage() {
  const { t } = useTranslation('spot');
  const { code = '' } = useParams();
  const pairs = useSpotPairs();
  useSpotNudges();
  if (pairs.isError) return <EmptyState icon="market" title={errorMessage(t, pairs.error)} />;
  if (pairs.data === undefined) return <Spinner />;
  const list = pairs.data.list;
  const first = list[0];
  if (code === '' && first !== undefined) return <Navigate to={spotPath(first.code)} replace />;
  const pair = pairOf(list, code.toUpperCase());
  if (pair === undefined) {
    return (
      <div className="page spot-page">
        <EmptyState icon="market" title={t('errors:10180')}>
          <PairSwitcher pairs={list} />
        </EmptyState>
      </div>
    );
  }
  return <SpotScreen key={pair.code} pair={pair} pairs={list} />;
}
