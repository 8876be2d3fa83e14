import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Nft, NftChain } from '../../../contract/nfts/schemas.ts';
import { call } from '../../api/client.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import './nfts.css';

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
function ChainFacts({ chain }: { chain: NftChain }) {
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
        <dt>{t('owner')}</dt>
        <dd data-testid="nft-owner" data-owner={chain.owner ?? ''}>
          {owner ?? <code title={chain.owner ?? ''}>{short(chain.owner ?? '')}</code>}
        </dd>
      </div>
    </dl>
  );
}

function NftCard({ nft }: { nft: Nft }) {
  const { t } = useTranslation('nfts');
  return (
    <li className="card nft-card" data-testid="nft">
      <img src={nft.image} alt="" className="nft-image" width={320} height={320} />
      <div className="nft-body">
        <h2 className="section-title">{nft.name}</h2>
        <p className="muted">{t('by', { creator: nft.creator })}</p>
        <p>
          <span className="muted">{t('startingPrice')}</span>{' '}
          <Amount value={nft.startingPrice} asset={nft.asset} />
        </p>
        <ChainFacts chain={nft.chain} />
      </div>
    </li>
  );
}

/** Charity NFTs (SPEC §1): the catalogue with each token's place on chain. */
export default function NftsPage() {
  const { t } = useTranslation('nfts');
  const nfts = useQuery({ queryKey: ['nfts'], queryFn: () => call('listNft') });
  return (
    <div className="page nfts-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p className="field-hint" data-testid="nfts-not-yet">
        {t('notYet')}
      </p>
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
    </div>
  );
}
