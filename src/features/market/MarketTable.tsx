import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MarketItem } from '../../../contract/market/schemas.ts';
import { formatDecimal } from '../../lib/format.ts';
import { changeClass, formatChange } from './format.ts';
import { MarketLogo } from './MarketLogo.tsx';
import { Sparkline } from './Sparkline.tsx';

export function detailPath(item: Pick<MarketItem, 'code' | 'type' | 'id'>): string {
  return `/cruuency?code=${encodeURIComponent(item.code)}&type=${item.type}&id=${item.id}`;
}

/** Logo, name, 24h change, mini chart and price; a row opens the market's detail (SPEC §2). */
export function MarketTable({
  items,
  compact = false,
  watched,
  onToggleWatch,
  rowAction,
}: {
  items: readonly MarketItem[];
  compact?: boolean;
  /** With a toggle handler, each row gets a star to add it to or remove it from the watchlist. */
  watched?: ReadonlySet<string>;
  onToggleWatch?: (code: string, watch: boolean) => void;
  /** Shown after an instrument's name (src/app's composition: e.g. its spot order book). */
  rowAction?: (code: string) => ReactNode;
}) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (
    <table className={`market-table${compact ? ' market-table-compact' : ''}`}>
      <thead>
        <tr>
          <th scope="col">{t('table.name')}</th>
          <th scope="col" className="num-col">
            {t('table.price')}
          </th>
          <th scope="col" className="num-col">
            {t('table.change')}
          </th>
          {!compact && (
            <th scope="col" className="chart-col">
              {t('table.chart')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr
            key={item.id}
            className="market-row"
            data-code={item.code}
            tabIndex={0}
            onClick={() => navigate(detailPath(item))}
            onKeyDown={(e) => e.key === 'Enter' && navigate(detailPath(item))}
          >
            <td>
              <span className="market-name">
                {onToggleWatch !== undefined && (
                  <button
                    type="button"
                    className="watch-star"
                    aria-pressed={watched?.has(item.code) ?? false}
                    aria-label={t(watched?.has(item.code) ? 'watch.remove' : 'watch.add', {
                      code: item.code,
                    })}
                    data-testid={`watch-${item.code}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onToggleWatch(item.code, !(watched?.has(item.code) ?? false));
                    }}
                    onKeyDown={(e) => e.stopPropagation()}
                  >
                    {watched?.has(item.code) ? '★' : '☆'}
                  </button>
                )}
                <MarketLogo item={item} size={compact ? 22 : 28} />
                <span className="market-label">
                  {rowAction === undefined ? (
                    <strong>{item.code}</strong>
                  ) : (
                    <span className="market-code">
                      <strong>{item.code}</strong>
                      {rowAction(item.code)}
                    </span>
                  )}
                  <span className="muted market-app-name">{item.appName}</span>
                  {!item.open && <span className="badge market-closed">{t('table.closed')}</span>}
                </span>
              </span>
            </td>
            <td className="num num-col" data-testid="price">
              {formatDecimal(item.price)}
            </td>
            <td className={`num num-col ${changeClass(item.zdf)}`}>{formatChange(item.zdf)}</td>
            {!compact && (
              <td className="chart-col">
                <Sparkline prices={item.hundred} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
