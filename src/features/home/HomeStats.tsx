import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../market/format.ts';
import { useHomeStats } from '../market/queries.ts';

/** Home figures, all computed by the server from its database (SPEC §1 marketing claims are not typed in). */
export function HomeStats() {
  const { t } = useTranslation('market');
  const stats = useHomeStats();
  if (stats.data === undefined) return null;
  const s = stats.data;
  const items = [
    { label: t('stats.users'), value: formatDecimal(String(s.registeredUsers)) },
    { label: t('stats.instruments'), value: formatDecimal(String(s.listedInstruments)) },
    { label: t('stats.volume'), value: formatDecimal(s.volume24hUsd) },
    { label: t('stats.fee'), value: `${formatDecimal(s.tradingFeeRate)}%` },
  ];
  return (
    <section className="home-stats" data-testid="home-stats" title={t('stats.simulatedNote')}>
      {items.map((item) => (
        <div key={item.label} className="home-stat">
          <span className="num home-stat-value">{item.value}</span>
          <span className="muted">{item.label}</span>
        </div>
      ))}
    </section>
  );
}
