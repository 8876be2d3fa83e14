import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { useBalances } from './queries.ts';
import './funds.css';

/**
 * /profile/balancebb: the spot coin accounts (SPEC §3): each coin's available and held
 * quantities (set aside for open orders and withdrawals), their total, price and value in USDT.
 * `coinAction`, given by src/app, adds a way to trade a coin (its spot pair).
 */
export default function CoinAccountsPage({
  coinAction,
}: {
  coinAction?: (asset: string) => ReactNode;
}) {
  const { t } = useTranslation('funds');
  const { book } = useStore(preferences);
  const balances = useBalances();
  if (balances.isPending) return <Spinner />;
  if (balances.isError) {
    return <EmptyState icon="wallet" title={errorMessage(t, balances.error)} />;
  }
  return (
    <div className="page funds-page">
      <div className="funds-head">
        <h1 className="page-title">{t('coinAccounts.title')}</h1>
        <span className={`badge badge-${book}`}>{t(`book.${book}`)}</span>
      </div>
      <section className="card table-scroll">
        <table className="funds-table" data-testid="coin-accounts">
          <thead>
            <tr>
              <th scope="col">{t('table.coin')}</th>
              <th scope="col" className="num-col">
                {t('table.available')}
              </th>
              <th scope="col" className="num-col">
                {t('coinAccounts.held')}
              </th>
              <th scope="col" className="num-col">
                {t('coinAccounts.total')}
              </th>
              <th scope="col" className="num-col">
                {t('table.price')}
              </th>
              <th scope="col" className="num-col">
                {t('table.value')}
              </th>
              {coinAction !== undefined && (
                <th scope="col">
                  <span className="visually-hidden">{t('coinAccounts.trade')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {balances.data.assets.map((a) => (
              <tr key={a.asset} data-asset={a.asset}>
                <th scope="row">{a.asset}</th>
                <td className="num-col" data-testid={`coin-available-${a.asset}`}>
                  <Amount value={a.available} />
                </td>
                <td className="num-col" data-testid={`coin-held-${a.asset}`}>
                  <Amount value={a.frozen} />
                </td>
                <td className="num-col">
                  <Amount value={a.total} />
                </td>
                <td className="num-col">
                  <Amount value={a.price} />
                </td>
                <td className="num-col" data-testid={`coin-value-${a.asset}`}>
                  <Amount value={a.usdtValue} />
                </td>
                {coinAction !== undefined && (
                  <td className="funds-coin-action">{coinAction(a.asset)}</td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {t('coinAccounts.totalValue')}
              </th>
              <td className="num-col" data-testid="coin-total-value">
                <Amount value={balances.data.totalUsdt} />
              </td>
              {coinAction !== undefined && <td />}
            </tr>
          </tfoot>
        </table>
      </section>
      <p className="muted">{t('coinAccounts.note')}</p>
    </div>
  );
}
