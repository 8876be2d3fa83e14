import { useTranslation } from 'react-i18next';
import { OrderList } from './SpotAccount.tsx';
import { useSpotNudges } from './queries.ts';
import './spot.css';

/**
 * My orders' spot tab (composed there by src/app): the person's spot orders on every pair,
 * those waiting for fill (with cancel) and those ended (with their fills).
 */
export default function SpotOrders() {
  const { t } = useTranslation('spot');
  useSpotNudges();
  return (
    <div className="spot-my-orders" data-testid="spot-orders">
      <section className="card spot-card">
        <h2 className="section-title">{t('account.tabs.open')}</h2>
        <OrderList filter="current" code={undefined} />
      </section>
      <section className="card spot-card">
        <h2 className="section-title">{t('account.tabs.history')}</h2>
        <OrderList filter="history" code={undefined} />
      </section>
    </div>
  );
}
