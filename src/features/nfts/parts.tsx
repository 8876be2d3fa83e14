import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Nft, NftChain, NftSale } from '../../../contract/nfts/schemas.ts';
import { formatCountdown, useNow } from '../../lib/countdown.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

const DAY_MS = 86_400_000;
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A value that links to the explorer when one is configured. */
function Explored({ href, children }: { href: string | null; children: string }) {
  const { t } = useTranslation('nfts');
  if (href === null) return <code>{children}</code>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={t('explorer')}>
      <code>{children}</code>
    </a>
  );
}

/** Chain, contract, token id and owner: what anyone can check on chain themselves. */
export function ChainFacts({ chain }: { chain: NftChain }) {
  const { t } = useTranslation('nfts');
  const owner =
    chain.ownerStatus === 'unavailable'
      ? t('ownerUnavailable')
      : chain.owner === null
        ? t('notMinted')
        : null;
  return (
    <dl className="nft-chain" data-testid="nft-chain">
      <div>
        <dt>{t('network')}</dt>
        <dd>{t('chainId', { id: chain.chainId })}</dd>
      </div>
      <div>
        <dt>{t('contract')}</dt>
        <dd data-testid="nft-contract">
          <Explored href={chain.contractUrl}>{short(chain.contract)}</Explored>
        </dd>
      </div>
      <div>
        <dt>{t('tokenId')}</dt>
        <dd data-testid="nft-token">
          <Explored href={chain.tokenUrl}>{chain.tokenId}</Explored>
        </dd>
      </div>
      <div>
        <dt>{t('chainOwner')}</dt>
        <dd data-testid="nft-owner" data-owner={chain.owner ?? ''}>
          {owner ?? <code title={chain.owner ?? ''}>{short(chain.owner ?? '')}</code>}
        </dd>
      </div>
    </dl>
  );
}

/** The time left of an open sale, on the server's clock (`skewMs`: server minus device). */
export function TimeLeft({ endsAt, skewMs = 0 }: { endsAt: string; skewMs?: number }) {
  const { t } = useTranslation('nfts');
  const now = useNow(1_000) + skewMs;
  const left = Date.parse(endsAt) - now;
  if (left <= 0) return <span data-testid="nft-time-left">{t('ending')}</span>;
  const days = Math.floor(left / DAY_MS);
  const text = days >= 1 ? t('daysLeft', { count: days }) : formatCountdown(left);
  return (
    <span className="num" data-testid="nft-time-left" data-ends={endsAt}>
      {text}
    </span>
  );
}

export function SaleStatus({ status }: { status: NftSale['status'] }) {
  const { t } = useTranslation('nfts');
  return (
    <StatusBadge status={status} label={t(`status.${status}`)} className={`nft-status-${status}`} />
  );
}

/** Where a sale's price goes, in percent: shown before anyone bids. */
export function SplitFacts({ sale }: { sale: NftSale }) {
  const { t } = useTranslation('nfts');
  const parts = ['charityPercent', 'creatorPercent', 'feePercent'] as const;
  return (
    <dl className="nft-facts" data-testid="nft-split">
      {parts.map((p) => (
        <Figure key={p} label={t(`split.${p}`)} value={sale.split[p]} testId={`nft-split-${p}`}>
          {t('percent', { value: sale.split[p] })}
        </Figure>
      ))}
    </dl>
  );
}

/** The price a card shows: the leading bid, the final price, or the start. */
function PriceLine({ nft }: { nft: Nft }) {
  const { t } = useTranslation('nfts');
  const sale = nft.sale;
  if (sale === null) {
    return (
      <Figure label={t('startingPrice')} value={nft.startingPrice}>
        <Amount value={nft.startingPrice} asset={nft.asset} />
      </Figure>
    );
  }
  const [label, value] =
    sale.status === 'settled'
      ? [t('finalPrice'), sale.finalPrice ?? '0']
      : sale.currentBid === null
        ? [t('startingPrice'), sale.startPrice]
        : [t('currentBid'), sale.currentBid];
  return (
    <Figure label={label} value={value} testId="nft-price">
      <Amount value={value} asset="USDT" />
    </Figure>
  );
}

/** A market card: SPEC §3's fields (name, creator, chain, address, bid, time left, donation). */
export function NftCard({ nft, children }: { nft: Nft; children?: ReactNode }) {
  const { t } = useTranslation('nfts');
  const sale = nft.sale;
  return (
    <li className="card nft-card" data-testid="nft" data-nft={nft.id}>
      <Link to={`/nfts/${nft.id}`} className="nft-card-link" data-testid="nft-open">
        <img src={nft.image} alt="" className="nft-image" width={320} height={320} />
      </Link>
      <div className="nft-body">
        <h2 className="section-title">
          <Link to={`/nfts/${nft.id}`}>{nft.name}</Link>
        </h2>
        <p className="muted">{t('by', { creator: nft.creator })}</p>
        {sale !== null && <SaleStatus status={sale.status} />}
        <dl className="nft-facts">
          <PriceLine nft={nft} />
          {sale?.status === 'open' && (
            <Figure label={t('timeLeft')}>
              <TimeLeft endsAt={sale.endsAt} />
            </Figure>
          )}
          <Figure label={t('donated')} value={nft.donated} testId="nft-donated">
            <Amount value={nft.donated} asset="USDT" />
          </Figure>
        </dl>
        <ChainFacts chain={nft.chain} />
        {children}
      </div>
    </li>
  );
}
