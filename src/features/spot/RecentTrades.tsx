import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotBook, SpotPair } from '../../../contract/spot/schemas.ts';
import { Price } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { formatClock, toStep } from './format.ts';

/** The pair's latest trades, newest first, coloured by the side that took liquidity. */
export function RecentTrades({
  pair,
  book,
  rows,
}: {
  pair: SpotPair;
  book: SpotBook | undefined;
  rows: number;
}) {
  const { t } = useTranslation('spot');
  const titleId = useId();
  const trades = (book?.trades ?? []).slice(0, rows);
  return (
    <section
      className="card spot-card spot-trades"
      aria-labelledby={titleId}
      data-testid="spot-trades"
    >
      <header className="spot-card-head">
        <h2 id={titleId} className="section-title">
          {t('trades.title')}
        </h2>
      </header>
      {book === undefined ? (
        <Spinner />
      ) : trades.length === 0 ? (
        <p className="muted spot-empty">{t('trades.empty')}</p>
      ) : (
        <table className="spot-table">
          <thead>
            <tr>
              <th scope="col">{t('book.price', { quote: pair.quote })}</th>
              <th scope="col" className="num-col">
                {t('book.qty', { base: pair.base })}
              </th>
              <th scope="col" className="num-col">
                {t('trades.time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => (
              <tr
                key={trade.id}
                data-testid="trade-row"
                data-id={trade.id}
                data-price={trade.price}
                data-qty={trade.qty}
                data-side={trade.side}
              >
                <td className={trade.side === 'buy' ? 'up' : 'down'}>
                  <Price value={toStep(trade.price, pair.tickSize)} />
                  <span className="visually-hidden">{`, ${t(`trades.side.${trade.side}`)}`}</span>
                </td>
                <td className="num-col">
                  <Price value={toStep(trade.qty, pair.lotSize)} />
                </td>
                <td className="num-col muted num">{formatClock(trade.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
