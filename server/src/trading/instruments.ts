/** A tick from the feed: the mid price and when (what market hands trading). */
export interface FeedTick {
  code: string;
  price: string;
  volume: string;
  ts: number;
}

/** What trading needs of an instrument (the market capability provides it). */
export interface TradableInstrument {
  id: number;
  code: string;
  type: number;
  quote: string;
  precision: number;
  /** The configured spread around the feed's mid, in tenths of a basis point. */
  spreadTenthsBps: number;
  last: FeedTick | undefined;
  isOpen(ts: number): boolean;
  opensAt(ts: number): number | undefined;
}

export interface Instruments {
  byId(id: number): TradableInstrument | undefined;
  byCode(code: string): TradableInstrument | undefined;
}
