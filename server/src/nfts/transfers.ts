import type { PayeeAccount } from '../ledger/ledger.ts';
import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    nft_bid_hold: true;
    nft_bid_released: true;
    nft_charity: true;
    nft_creator: true;
    nft_fee: true;
    nft_creator_paid: true;
  }
}

/** Charity sales' movements: bids held and released, and a sale's price shared out. */
export const NFTS_TRANSFERS: TransferSet = {
  owner: 'nfts',
  prefixes: ['nft-bid', 'nft-sale'],
  kinds: [
    'nft_bid_hold',
    'nft_bid_released',
    'nft_charity',
    'nft_creator',
    'nft_fee',
    'nft_creator_paid',
  ],
};

/** What the charity is owed: every sale's charity share, paid out by the operator. */
export const CHARITY: PayeeAccount = 'payee:nfts:charity';
/** A creator's share when they have no account here. */
export const creatorPayee = (nftId: number): PayeeAccount => `payee:nfts:creator:${nftId}`;

export const nftsKey = {
  /** The hold of a bid or a buy-now; `requestKey` is the person's own. */
  bid: (userId: number, requestKey: string) => `nft-bid:${userId}:${requestKey}`,
  /** A bid's hold released (outbid, or its sale withdrawn): once per bid. */
  release: (bidId: number) => `nft-bid:${bidId}:release`,
  /** A sale's price shared out from the winning hold: once per sale. */
  settle: (saleId: number) => `nft-sale:${saleId}:settle`,
  /** The creator's share moved on to their own account. */
  creator: (saleId: number) => `nft-sale:${saleId}:creator`,
} as const;
