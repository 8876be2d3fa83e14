import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepthLevelView, SpotBook, SpotPair } from '../../../contract/spot/schemas.ts';
import { formatDecimal } from '../../lib/format.ts';

const W = 600;
const H = 180;
const PAD = 4;

/**
 * A step line of one side's cumulative size, from the best price outwards to the chart's edge,
 * closed to the axis. Coordinates only: the figures on screen are the book's own strings.
 */
function area(
  levels: readonly DepthLevelView[],
  edge: number,
  x: (p: number) => number,
  y: (q: number) => number,
): string {
  const first = levels[0];
  if (first === undefined) return '';
  const bottom = y(0).toFixed(1);
  let d = `M${x(Number(first.price)).toFixed(1)},${bottom}`;
  let previous = 0;
  for (const level of levels) {
    const px = x(Number(level.price)).toFixed(1);
    d += ` L${px},${y(previous).toFixed(1)} L${px},${y(Number(level.total)).toFixed(1)}`;
    previous = Number(level.total);
  }
  return `${d} L${edge.toFixed(1)},${y(previous).toFixed(1)} L${edge.toFixed(1)},${bottom} Z`;
}

/** The cumulative bids (rising to the left of the spread) and asks (to the right), as an SVG. */
export function DepthChart({ pair, book }: { pair: SpotPair; book: SpotBook | undefined }) {
  const { t } = useTranslation('spot');
  const titleId = useId();
  const bids = book?.bids ?? [];
  const asks = book?.asks ?? [];
  const bestBid = bids[0] === undefined ? undefined : Number(bids[0].price);
  const bestAsk = asks[0] === undefined ? undefined : Number(asks[0].price);

  let chart = null;
  let range: [string, string] | undefined;
  if (bestBid !== undefined || bestAsk !== undefined) {
    // Centred on the spread, as far out as the nearer side's last level reaches (at least 0.1 %),
    // so one far-away order does not squeeze the rest against an edge.
    const mid =
      bestBid !== undefined && bestAsk !== undefined
        ? (bestBid + bestAsk) / 2
        : ((bestBid ?? bestAsk) as number);
    const reach = [
      bids.length > 0 ? mid - Number(bids.at(-1)?.price) : 0,
      asks.length > 0 ? Number(asks.at(-1)?.price) - mid : 0,
    ].filter((r) => r > 0);
    const half = Math.max(reach.length > 0 ? Math.min(...reach) : 0, mid * 0.001);
    const lo = mid - half;
    const hi = mid + half;
    const shownBids = bids.filter((l) => Number(l.price) >= lo);
    const shownAsks = asks.filter((l) => Number(l.price) <= hi);
    const bidDepth = shownBids.at(-1)?.total ?? '0';
    const askDepth = shownAsks.at(-1)?.total ?? '0';
    range = [
      shownBids.at(-1)?.price ?? shownAsks[0]?.price ?? '',
      shownAsks.at(-1)?.price ?? shownBids[0]?.price ?? '',
    ];
    const most = Math.max(Number(bidDepth), Number(askDepth)) || 1;
    const x = (p: number) => PAD + ((p - lo) / (hi - lo)) * (W - 2 * PAD);
    const y = (q: number) => H - PAD - (q / most) * (H - 2 * PAD);
    chart = (
      <svg
        className="spot-depth-svg"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('depth.label', {
          bids: formatDecimal(bidDepth),
          asks: formatDecimal(askDepth),
          base: pair.base,
        })}
        data-testid="depth-chart"
      >
        <path className="spot-depth-bids" d={area(shownBids, PAD, x, y)} />
        <path className="spot-depth-asks" d={area(shownAsks, W - PAD, x, y)} />
      </svg>
    );
  }

  return (
    <section className="card spot-card spot-depth" aria-labelledby={titleId}>
      <header className="spot-card-head">
        <h2 id={titleId} className="section-title">
          {t('depth.title')}
        </h2>
        <p className="muted spot-legend">
          <span className="spot-key spot-key-bid" aria-hidden="true" /> {t('depth.bids')}{' '}
          <span className="spot-key spot-key-ask" aria-hidden="true" /> {t('depth.asks')}
        </p>
      </header>
      {chart ?? <p className="muted spot-empty">{t('depth.empty')}</p>}
      {range !== undefined && (
        <div className="spot-depth-axis num" aria-hidden="true">
          <span>{formatDecimal(range[0])}</span>
          <span>{formatDecimal(range[1])}</span>
        </div>
      )}
    </section>
  );
}
