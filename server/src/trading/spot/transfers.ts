import type { TransferSet } from '../../money/transfers.ts';

declare module '../../money/transfers.ts' {
  interface TransferKinds {
    spot_hold: true;
    spot_trade: true;
    spot_fee: true;
    spot_release: true;
    spot_maker_funding: true;
  }
}

/** Spot's movements: an order's hold, each fill's legs, a release, the maker's seed. */
export const SPOT_TRANSFERS: TransferSet = {
  owner: 'trading.spot',
  prefixes: ['spot-hold', 'spot-fill', 'spot-release', 'spot-maker-seed'],
  kinds: ['spot_hold', 'spot_trade', 'spot_fee', 'spot_release', 'spot_maker_funding'],
};

export const spotKey = {
  /** An order's hold as it is placed. */
  hold: (orderId: number) => `spot-hold:${orderId}`,
  /** One coin's legs of a fill; the fill's reference is its own `spot-fill:<id>`. */
  fill: (fillId: number, coin: 'base' | 'quote') => `spot-fill:${fillId}:${coin}`,
  fillReference: (fillId: number) => `spot-fill:${fillId}`,
  /** What an ended order still held, back to its owner. */
  release: (orderId: number) => `spot-release:${orderId}`,
  /** The platform maker's account funded once per book and coin. */
  makerSeed: (book: string, asset: string) => `spot-maker-seed:${book}:${asset}`,
} as const;
