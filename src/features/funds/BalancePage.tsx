import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { refreshFunds, useBalances } from './queries.ts';
import btcIcon from 'cryptocurrency-icons/svg/color/btc.svg?url&no-inline';
import ethIcon from 'cryptocurrency-icons/svg/color/eth.svg?url&no-inline';
import usdcIcon from 'cryptocurrency-icons/svg/color/usdc.svg?url&no-inline';
import usdtIcon from 'cryptocurrency-icons/svg/color/usdt.svg?url&no-inline';
import './funds.css';

function ResetDemo() {
  const { t } = useTranslation('funds');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const reset = useMutation({
    mutationFn: () => call('resetDemo', { body: {} }),
    onSuccess: async () => {
      setOpen(false);
      await refreshFunds(queryClient);
    },
  });
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
        {t('balance.resetDemo')}
      </button>
      {open && (
        <Modal title={t('balance.resetTitle')} onClose={() => setOpen(false)}>
          <p className="muted">{t('balance.resetText')}</p>
          {reset.isError && (
            <div className="alert alert-error" role="alert">
              {errorMessage(t, reset.error)}
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="confirm-reset"
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
          >
            {t('balance.resetConfirm')}
          </button>
        </Modal>
      )}
    </>
  );
}

/** /profile/balance: the book's total in USDT, each coin, and the ways money comes and goes. */
export default function BalancePage() {
  const { t } = useTranslation('funds');
  const { book } = useStore(preferences);
  const balances = useBalances();
  if (balances.isPending) return <Spinner />;
  if (balances.isError) {
    return <EmptyState icon="wallet" title={errorMessage(t, balances.error)} />;
  }
  const { assets, totalUsdt } = balances.data;
  return (
    <div className="page page-narrow funds-page">
      <section className="card balance-hero">
        <div className="balance-hero-head">
          <h1 className="page-title">{t('balance.title')}</h1>
          <span className={`badge badge-${book}`}>{t(`book.${book}`)}</span>
        </div>
        <p className="muted">{t('balance.total')}</p>
        <p className="balance-total" data-testid="total-usdt">
          <Amount value={totalUsdt} asset="USDT" />
        </p>
        {book === 'demo' && <p className="muted">{t('balance.demoNote')}</p>}
        <div className="balance-actions">
          {book === 'real' ? (
            <>
              <Link to="/profile/deposit" className="btn btn-primary" data-testid="to-deposit">
                {t('deposit.title')}
              </Link>
              <Link to="/profile/withdraw" className="btn btn-ghost" data-testid="to-withdraw">
                {t('withdraw.title')}
              </Link>
            </>
          ) : (
            <ResetDemo />
          )}
        </div>
      </section>
      <section className="card">
        <h2 className="section-title">{t('balance.coins')}</h2>
        <ul className="coin-list">
          {assets.map((a) => (
            <li key={a.asset} className="coin-row" data-asset={a.asset}>
              <CoinLogo asset={a.asset} />
              <div className="coin-main">
                <strong>{a.asset}</strong>
                <span className="muted">
                  {t('balance.frozen')} <Amount value={a.frozen} />
                </span>
              </div>
              <div className="coin-figures">
                <span data-testid={`available-${a.asset}`}>
                  <Amount value={a.available} />
                </span>
                <span className="muted">
                  ≈ <Amount value={a.usdtValue} asset="USDT" />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <nav className="card card-list" aria-label={t('balance.more')}>
        <ul className="list">
          {(
            [
              ['/profile/balancebb', 'coinAccounts.title'],
              ['/profile/records', 'records.title'],
              ['/profile/transactions', 'transactions.title'],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="list-item">
                <span className="list-item-label">{t(label)}</span>
                <span className="chevron">
                  <Icon name="chevron" size={18} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The funded coins' icons: the same emitted files as the market tables' (market/icons.ts), but
 * imported under another query, so these tiny URL modules are not shared with the home screen
 * and do not become a chunk of their own that the home screen requests before it paints.
 */
const COIN_ICONS: Readonly<Record<string, string>> = {
  BTC: btcIcon,
  ETH: ethIcon,
  USDC: usdcIcon,
  USDT: usdtIcon,
};

/** The coin's icon, or its first letter in a circle for a coin without one. */
function CoinLogo({ asset }: { asset: string }) {
  const icon = COIN_ICONS[asset];
  return icon === undefined ? (
    <span className="coin-logo" aria-hidden="true">
      {asset.slice(0, 1)}
    </span>
  ) : (
    <img className="coin-logo" src={icon} alt="" width="36" height="36" data-testid="coin-icon" />
  );
}
