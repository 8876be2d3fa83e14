import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useDonations } from './queries.ts';
import './nfts.css';

/**
 * /nfts/donations: what the sales gave the charity, in total and per NFT (sums of the ledger's
 * charity transfers), with the settled sales behind them. Open to everyone.
 */
export default function DonationsPage() {
  const { t } = useTranslation('nfts');
  const [page, setPage] = useState(1);
  const donations = useDonations(page);
  if (donations.isPending) return <Spinner />;
  const data = donations.data;
  return (
    <div className="page nft-donations" data-testid="nft-donations">
      <p>
        <Link to="/nfts">{t('back')}</Link>
      </p>
      <h1 className="page-title">{t('donations.title')}</h1>
      <p className="muted">{t('donations.intro')}</p>
      <dl className="nft-facts nft-total">
        <Figure label={t('donations.total')} value={data?.total} testId="nft-donations-total">
          <Amount value={data?.total ?? '0'} asset="USDT" />
        </Figure>
      </dl>
      {(data?.perNft ?? []).length > 0 && (
        <section>
          <h2 className="section-title">{t('donations.perNft')}</h2>
          <dl className="nft-facts">
            {data?.perNft.map((p) => (
              <Figure key={p.nftId} label={p.nftName} value={p.donated} testId="nft-donation-nft">
                <Amount value={p.donated} asset="USDT" />
              </Figure>
            ))}
          </dl>
        </section>
      )}
      <section>
        <h2 className="section-title">{t('donations.sales')}</h2>
        {(data?.salesTotal ?? 0) === 0 ? (
          <EmptyState icon="nft" title={t('donations.empty')} />
        ) : (
          <ul className="nft-rows">
            {data?.sales.map((s) => (
              <li key={s.saleId} className="card nft-row" data-testid="nft-donation-sale">
                <Link to={`/nfts/${s.nftId}`}>{s.nftName}</Link>
                <Figure label={t('finalPrice')} value={s.price}>
                  <Amount value={s.price} asset="USDT" />
                </Figure>
                <Figure label={t('donations.charity')} value={s.charity}>
                  <Amount value={s.charity} asset="USDT" />
                </Figure>
                <span className="muted">{t('donations.winner', { winner: s.winner })}</span>
                <time className="muted num" dateTime={s.settledAt}>
                  {formatDateTime(s.settledAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={page}
          size={20}
          total={data?.salesTotal ?? 0}
          onPage={setPage}
          className="nft-pager"
          labels={{
            label: t('pager.label'),
            previous: t('pager.previous'),
            next: t('pager.next'),
            status: (pages) => t('pager.status', { page, pages }),
          }}
        />
      </section>
    </div>
  );
}
