import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SpotPair } from '../../../contract/spot/schemas.ts';
import { pairOf, useSpotPairs } from './pairs.ts';
import './spot-links.css';

export function spotPath(code: string): string {
  return `/spot/${encodeURIComponent(code)}`;
}

/**
 * Under a market's chart (/cruuency), beside the trade panel: the pair traded coin against coin
 * on the order book, when the instrument is one.
 */
export function MarketSpotLink({ code }: { code: string }) {
  const { t } = useTranslation('spot');
  const pair = pairOf(useSpotPairs().data?.list, code);
  if (pair === undefined) return null;
  return (
    <section className="card spot-promo" data-testid="spot-promo">
      <p>{t('link.promo', { symbol: pair.symbol, base: pair.base, quote: pair.quote })}</p>
      <Link to={spotPath(pair.code)} className="btn btn-primary" data-testid="spot-trade-link">
        {t('link.tradeSpot', { symbol: pair.symbol })}
      </Link>
    </section>
  );
}

/** In a market list's row: a small "Spot" link for the instruments that are spot pairs. */
export function MarketRowSpotLink({ code }: { code: string }) {
  const { t } = useTranslation('spot');
  const pair = pairOf(useSpotPairs().data?.list, code);
  if (pair === undefined) return null;
  return (
    <Link
      to={spotPath(pair.code)}
      className="spot-row-link"
      data-testid={`spot-link-${pair.code}`}
      // The row itself opens the market's page: this link goes to the order book instead.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {t('link.spot')}
      <span className="visually-hidden">{`, ${t('link.tradeSpot', { symbol: pair.symbol })}`}</span>
    </Link>
  );
}

/** The pair a coin trades on: as the base coin first, else the first pair quoted in it. */
export function pairForCoin(list: readonly SpotPair[] | undefined, asset: string) {
  return list?.find((p) => p.base === asset) ?? list?.find((p) => p.quote === asset);
}

/** In the coin accounts' table (/profile/balancebb): trade the coin on its spot pair. */
export function CoinSpotLink({ asset }: { asset: string }) {
  const { t } = useTranslation('spot');
  const pair = pairForCoin(useSpotPairs().data?.list, asset);
  if (pair === undefined) return null;
  return (
    <Link
      to={spotPath(pair.code)}
      className="btn btn-ghost btn-small"
      data-testid={`coin-trade-${asset}`}
    >
      {t('link.trade')}
      <span className="visually-hidden">{` ${pair.symbol}`}</span>
    </Link>
  );
}

export type SpotLinkProps =
  | { place: 'market' | 'row'; code: string }
  | { place: 'coin'; asset: string }
  | { place: 'orders' };

// Its own chunk: the links above load on many screens, the order lists on My orders only.
const SpotOrders = lazyPart(() => import('./SpotOrders.tsx'));

/**
 * The link for `place`: under a market's chart, in a market list's row, in a coin's row; or
 * My orders' spot orders.
 */
export default function SpotLink(props: SpotLinkProps) {
  if (props.place === 'orders') return <SpotOrders />;
  if (props.place === 'coin') return <CoinSpotLink asset={props.asset} />;
  return props.place === 'market' ? (
    <MarketSpotLink code={props.code} />
  ) : (
    <MarketRowSpotLink code={props.code} />
  );
}
