import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { useBalances } from './queries.ts';
import './funds.css';

/** /profile/balancebb: the spot coin accounts, each coin's available, frozen, price and value. */
export default function CoinAccountsPage() {
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
                {t('table.frozen')}
              </th>
              <th scope="col" className="num-col">
                {t('table.price')}
              </th>
              <th scope="col" className="num-col">
                {t('table.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.data.assets.map((a) => (
              <tr key={a.asset} data-asset={a.asset}>
                <td>
                  <strong>{a.asset}</strong>
                </td>
                <td className="num-col">
                  <Amount value={a.available} />
                </td>
                <td className="num-col">
                  <Amount value={a.frozen} />
                </td>
                <td className="num-col">
                  <Amount value={a.price} />
                </td>
                <td className="num-col">
                  <Amount value={a.usdtValue} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="muted">{t('coinAccounts.note')}</p>
    </div>
  );
}
