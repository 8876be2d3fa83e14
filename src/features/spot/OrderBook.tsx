import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimal, netOf } from '../../../contract/spot/figures.ts';
import type { DepthLevelView, SpotBook, SpotPair } from '../../../contract/spot/schemas.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { toStep } from './format.ts';

type BookSide = 'ask' | 'bid';

/** The small mark of a level the platform's market maker quotes, read out in words. */
export function PlatformMark() {
  const { t } = useTranslation('spot');
  return (
    <span className="spot-platform" title={t('book.platform')}>
      <span aria-hidden="true">{t('book.platformMark')}</span>
      <span className="visually-hidden">{t('book.platform')}</span>
    </span>
  );
}

/** The bar's share of the widest cumulative size on screen: a picture, not a figure shown. */
function share(total: string, widest: string): string {
  const w = Number(widest);
  return w > 0 ? `${Math.min(100, (Number(total) / w) * 100).toFixed(1)}%` : '0%';
}

function Level({
  pair,
  level,
  side,
  widest,
  onPick,
}: {
  pair: SpotPair;
  level: DepthLevelView;
  side: BookSide;
  widest: string;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('spot');
  const platform = compareDecimal(level.platformQty, '0') > 0;
  return (
    <tr
      className={`spot-level spot-level-${side}`}
      style={{ '--depth': share(level.total, widest) } as CSSProperties}
      data-testid="book-row"
      data-side={side}
      data-price={level.price}
      data-qty={level.qty}
      data-total={level.total}
      data-platform={platform ? 'true' : 'false'}
      onClick={() => onPick(level.price)}
    >
      <td className={side === 'ask' ? 'down' : 'up'}>
        <button
          type="button"
          className="spot-level-price"
          onClick={(e) => {
            e.stopPropagation();
            onPick(level.price);
          }}
        >
          <Price value={toStep(level.price, pair.tickSize)} />
          <span className="visually-hidden">{`, ${t('book.usePrice')}`}</span>
        </button>
      </td>
      <td className="num-col">
        {platform && <PlatformMark />}
        <Price value={toStep(level.qty, pair.lotSize)} />
      </td>
      <td className="num-col muted">
        <Price value={toStep(level.total, pair.lotSize)} />
      </td>
    </tr>
  );
}

/**
 * The pair's order book: asks above (the best, lowest, next to the middle), bids below, the
 * last price and the spread between. Each level shows its size, the cumulative size from the
 * best price and a bar of it; the platform's quotes carry a mark. A level's price goes into the
 * order form.
 */
export function OrderBook({
  pair,
  book,
  levels,
  onPick,
}: {
  pair: SpotPair;
  book: SpotBook | undefined;
  levels: number;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('spot');
  const titleId = useId();
  const asks = (book?.asks ?? []).slice(0, levels);
  const bids = (book?.bids ?? []).slice(0, levels);
  const deepest = [asks.at(-1)?.total ?? '0', bids.at(-1)?.total ?? '0'];
  const widest =
    compareDecimal(deepest[0] ?? '0', deepest[1] ?? '0') >= 0 ? deepest[0] : deepest[1];
  const bestAsk = asks[0]?.price;
  const bestBid = bids[0]?.price;
  const spread =
    bestAsk !== undefined && bestBid !== undefined ? netOf(bestAsk, bestBid) : undefined;
  const lastSide = book?.trades[0]?.side;

  return (
    <section className="card spot-card spot-book" aria-labelledby={titleId} data-testid="spot-book">
      <header className="spot-card-head">
        <h2 id={titleId} className="section-title">
          {t('book.title')}
        </h2>
        <p className="muted spot-legend" data-testid="platform-legend">
          <span className="spot-platform" aria-hidden="true">
            {t('book.platformMark')}
          </span>{' '}
          {t('book.platform')}
        </p>
      </header>
      {book === undefined ? (
        <Spinner />
      ) : (
        <table className="spot-table spot-book-table">
          <caption className="visually-hidden">
            {t('book.caption', { symbol: pair.symbol })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('book.price', { quote: pair.quote })}</th>
              <th scope="col" className="num-col">
                {t('book.qty', { base: pair.base })}
              </th>
              <th scope="col" className="num-col">
                {t('book.total', { base: pair.base })}
              </th>
            </tr>
          </thead>
          <tbody data-testid="book-asks">
            {asks.length === 0 && (
              <tr>
                <td colSpan={3} className="muted spot-empty">
                  {t('book.noAsks')}
                </td>
              </tr>
            )}
            {[...asks].reverse().map((level) => (
              <Level
                key={level.price}
                pair={pair}
                level={level}
                side="ask"
                widest={widest ?? '0'}
                onPick={onPick}
              />
            ))}
          </tbody>
          <tbody>
            <tr className="spot-mid">
              <td colSpan={3}>
                <span
                  className={`spot-mid-last ${lastSide === 'buy' ? 'up' : lastSide === 'sell' ? 'down' : ''}`}
                  data-testid="book-last"
                  data-value={book.last ?? ''}
                >
                  <span className="muted">{t('book.last')}</span>{' '}
                  <Amount value={book.last === null ? null : toStep(book.last, pair.tickSize)} />
                </span>
                <span className="muted spot-mid-spread" data-testid="book-spread">
                  {t('book.spread')}{' '}
                  <Amount value={spread === undefined ? null : toStep(spread, pair.tickSize)} />
                </span>
              </td>
            </tr>
          </tbody>
          <tbody data-testid="book-bids">
            {bids.map((level) => (
              <Level
                key={level.price}
                pair={pair}
                level={level}
                side="bid"
                widest={widest ?? '0'}
                onPick={onPick}
              />
            ))}
            {bids.length === 0 && (
              <tr>
                <td colSpan={3} className="muted spot-empty">
                  {t('book.noBids')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
