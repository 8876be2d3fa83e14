import type { MarketLists } from './market-lists.ts';
import type { MarketService } from './market-service.ts';
import type { Simulator } from './simulator.ts';
import type { Watchlist } from './watchlist.ts';
import type { ParamKey } from '../../../contract/params.ts';

export interface MarketServices {
  market: MarketService;
  /** The market lists as JSON, kept between ticks. */
  lists: MarketLists;
  watchlist: Watchlist;
  /** The simulator behind the feed, when prices are simulated (writes first-start history). */
  simulator: Simulator | undefined;
}

/** The platform's parameters as the market reads them (the trading fee on home). */
export interface ParamReader {
  get(key: ParamKey): Promise<string>;
}
