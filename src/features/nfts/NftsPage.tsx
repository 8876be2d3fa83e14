import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { MARKET_FILTERS, type NftDelivery } from '../../../contract/nfts/schemas.ts';
import { formatDateTime } from '../../lib/time.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { HeldLine } from './HeldLine.tsx';
import { NftCard, SaleStatus } from './parts.tsx';
import { useMyBids, useMyNfts, useNfts, type MarketFilter } from './queries.ts';
import './nfts.css';

const TABS = ['market', 'mine', 'bids'] as const;
type Tab = (typeof TABS)[number];

function usePagerLabels(page: number) {
  const { t } = useTranslation('nfts');
  return {
    label: t('pager.label'),
    previous: t('pager.previous'),
    next: t('pager.next'),
    status: (pages: number) => t('pager.status', { page, pages }),
  };
}

/** The market: every NFT with its sale, filtered by the sale's state and by creator. */
function Market() {
  const { t } = useTranslation('nfts');
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: MarketFilter = MARKET_FILTERS.find((f) => f === raw) ?? 'all';
  const creator = params.get('creator') ?? undefined;
  const nfts = useNfts(filter, creator);
  const set = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '' || value === 'all') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  return (
    <>
      <div className="nft-filters">
        <div className="nft-chips" role="group" aria-label={t('filter.label')}>
          {MARKET_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className="nft-chip"
              aria-pressed={filter === f}
              onClick={() => set('filter', f)}
              data-testid={`nft-filter-${f}`}
            >
              {t(`filter.${f}`)}
            </button>
          ))}
        </div>
        <label className="nft-creator">
          <span className="field-label">{t('filter.creator')}</span>
          <select
            className="input"
            value={creator ?? ''}
            onChange={(e) => set('creator', e.target.value)}
            data-testid="nft-creator"
          >
            <option value="">{t('filter.anyCreator')}</option>
            {nfts.data?.creators.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      {nfts.isPending ? (
        <Spinner />
      ) : (nfts.data?.list ?? []).length === 0 ? (
        <EmptyState icon="nft" title={t('empty')} />
      ) : (
        <ul className="nft-grid">
          {nfts.data?.list.map((n) => (
            <NftCard key={n.id} nft={n} />
          ))}
        </ul>
      )}
    </>
  );
}

/** Where a won NFT is on its way to the person's wallet, with its transaction. */
function Delivery({ delivery }: { delivery: NftDelivery }) {
  const { t } = useTranslation('nfts');
  return (
    <p className="nft-delivery" data-testid="nft-delivery" data-status={delivery.status}>
      {t(`delivery.${delivery.status}`)}
      {delivery.txHash !== null && (
        <>
          {' '}
          {delivery.txUrl === null ? (
            <code title={delivery.txHash}>{`${delivery.txHash.slice(0, 10)}…`}</code>
          ) : (
            <a href={delivery.txUrl} target="_blank" rel="noopener noreferrer">
              {t('delivery.tx')}
            </a>
          )}
        </>
      )}
    </p>
  );
}

/** My NFTs: what the person won or bought. */
function MyNfts() {
  const { t } = useTranslation('nfts');
  const [page, setPage] = useState(1);
  const mine = useMyNfts(page);
  const labels = usePagerLabels(page);
  if (mine.isPending) return <Spinner />;
  if ((mine.data?.total ?? 0) === 0) return <EmptyState icon="nft" title={t('mine.empty')} />;
  return (
    <>
      <ul className="nft-grid" data-testid="nft-mine">
        {mine.data?.list.map((o) => (
          <NftCard key={o.nft.id} nft={o.nft}>
            {o.delivery !== null && <Delivery delivery={o.delivery} />}
          </NftCard>
        ))}
      </ul>
      <Pager
        page={page}
        size={20}
        total={mine.data?.total ?? 0}
        onPage={setPage}
        className="nft-pager"
        labels={labels}
      />
    </>
  );
}

/** My bids: each with its state (leading, outbid, won, released). */
function MyBids() {
  const { t } = useTranslation('nfts');
  const [page, setPage] = useState(1);
  const bids = useMyBids(page);
  const labels = usePagerLabels(page);
  if (bids.isPending) return <Spinner />;
  if ((bids.data?.total ?? 0) === 0) return <EmptyState icon="nft" title={t('bids.empty')} />;
  return (
    <>
      <ul className="nft-rows" data-testid="nft-bids">
        {bids.data?.list.map((b) => (
          <li key={b.id} className="card nft-row" data-testid="nft-bid" data-status={b.status}>
            <Link to={`/nfts/${b.nftId}`}>{b.nftName}</Link>
            <Amount value={b.amount} asset="USDT" />
            <span className={`nft-bid-status nft-bid-${b.status}`}>
              {t(`bidStatus.${b.status}`)}
            </span>
            <SaleStatus status={b.saleStatus} />
            <time className="muted num" dateTime={b.at}>
              {formatDateTime(b.at)}
            </time>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        size={20}
        total={bids.data?.total ?? 0}
        onPage={setPage}
        className="nft-pager"
        labels={labels}
      />
    </>
  );
}

/** /nfts: charity NFTs (SPEC §1): the market, my NFTs and my bids, and the donations. */
export default function NftsPage() {
  const { t } = useTranslation('nfts');
  const { isLogin } = useStore(sessionStore);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = TABS.find((x) => x === raw) ?? 'market';
  return (
    <div className="page nfts-page" data-testid="nfts-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p>
        <Link to="/nfts/donations" data-testid="nft-donations-link">
          {t('donations.link')}
        </Link>
      </p>
      <HeldLine />
      <div className="tabs" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === name}
            onClick={() => setParams(name === 'market' ? {} : { tab: name }, { replace: true })}
            data-testid={`nft-tab-${name}`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'market' ? (
        <Market />
      ) : !isLogin ? (
        <SignInPrompt text={t('signIn.mine')} testId="nft-sign-in" />
      ) : tab === 'mine' ? (
        <MyNfts />
      ) : (
        <MyBids />
      )}
    </div>
  );
}
