import { getAddress, type Address } from 'viem';
import type { NftSaleFrame } from '../../../contract/nfts/frames.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { liveTopic } from '../platform/live/topic.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { NftBids } from './bids.ts';
import { NftCatalogue } from './nft-catalogue.ts';
import { custodyOf, NftDelivery } from './delivery.ts';
import { NftRecords } from './nft-records.ts';
import { nftAdminRoutes, nftRoutes } from './routes.ts';
import { SaleDesk } from './sale-desk.ts';
import { settleJob } from './settle-job.ts';

export interface NftsNeeds {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  notices: Notices;
  channels: Channels;
  config: Pick<
    Config,
    | 'NFT_CHAIN_ID'
    | 'CHAIN_ID'
    | 'NFT_CONTRACT'
    | 'CHAIN_EXPLORER_URL'
    | 'NFT_CUSTODY_KEY'
    | 'CHAIN_RPC_URL'
  >;
  chain: Chain | undefined;
  /** The person's linked wallet a won NFT is sent to (their latest), if any. */
  walletOf: (userId: number) => Promise<Address | undefined>;
  now: () => number;
}

export type NftsModule = Capability & {
  catalogue: NftCatalogue;
  bids: NftBids;
  desk: SaleDesk;
  delivery: NftDelivery | undefined;
};

/** Charity NFTs (docs/nfts.md): the catalogue, its auctions and their settlement. */
export function nftsModule(needs: NftsNeeds): NftsModule {
  const { db, ledger, audit, notices, channels, config, chain, now } = needs;
  const settings = {
    chainId: config.NFT_CHAIN_ID ?? config.CHAIN_ID,
    contract: getAddress(config.NFT_CONTRACT),
    explorerUrl: config.CHAIN_EXPLORER_URL,
  };
  const catalogue = new NftCatalogue(db, settings, chain, now);
  const custody = custodyOf(config.NFT_CUSTODY_KEY, config.CHAIN_RPC_URL, chain, settings.chainId);
  const delivery =
    custody === undefined || chain === undefined
      ? undefined
      : new NftDelivery(db, chain, custody, settings.contract, needs.walletOf, now);
  const deps = { ledger, notices, channels, now, delivers: delivery !== undefined };
  const bids = new NftBids(db, deps);
  const desk = new SaleDesk(db, audit, deps);
  const records = new NftRecords(db, catalogue);
  return {
    name: 'nfts',
    catalogue,
    bids,
    desk,
    delivery,
    routes: (r) => {
      nftRoutes(r, { catalogue, bids, records, desk });
      nftAdminRoutes(r, desk);
    },
    jobs: delivery === undefined ? [settleJob(db, deps)] : [settleJob(db, deps), delivery.job()],
    // A sale's state after each bid and at its end, keyed by sale id.
    topics: [
      liveTopic<NftSaleFrame>({
        name: 'nfts.sale',
        audience: 'public',
        pending: { kind: 'latest' },
        accepts: (key) => /^[1-9][0-9]{0,15}$/.test(key),
        source: (emit) =>
          channels.subscribe('nfts.sale', (frame) => emit(String(frame.saleId), frame)),
      }),
    ],
  };
}
