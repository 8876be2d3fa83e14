import { useTranslation } from 'react-i18next';
import { useHomeStats } from '../../features/market/queries.ts';
import { formatCompact, formatDecimal } from '../../lib/format.ts';

/** Home figures, all computed by the server from its database (SPEC §1 marketing claims are not typed in). */
export function HomeStats() {
  const { t } = useTranslation('market');
  const stats = useHomeStats();
  if (stats.isError) return null;
  const s = stats.data;
  const value = (format: (figures: NonNullable<typeof s>) => string) =>
    s === undefined ? '\u00a0' : format(s);
  const items = [
    { label: t('stats.users'), value: value((f) => formatCompact(f.registeredUsers)) },
    {
      label: t('stats.instruments'),
      value: value((f) => formatDecimal(String(f.listedInstruments))),
    },
    { label: t('stats.volume'), value: value((f) => formatCompact(f.volume24hUsd)) },
    { label: t('stats.fee'), value: value((f) => `${formatDecimal(f.tradingFeeRate)}%`) },
  ];
  // Drawn at once with blank figures, so the tiles below keep their place when the figures come.
  return (
    <section
      className="home-stats"
      data-testid="home-stats"
      title={t('stats.simulatedNote')}
      aria-busy={s === undefined}
    >
      {items.map((item) => (
        <div key={item.label} className="home-stat">
          <span className="num home-stat-value">{item.value}</span>
          <span className="muted">{item.label}</span>
        </div>
      ))}
    </section>
  );
}
