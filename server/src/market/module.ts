import type { Capability } from '../http/capability.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { EngineHost } from '../platform/engine-host.ts';
import { createFeed } from './create-feed.ts';
import { INSTRUMENTS } from './instruments.ts';
import { MarketLists } from './market-lists.ts';
import { MarketService } from './market-service.ts';
import { marketRoutes } from './routes.ts';
import type { Simulator } from './simulator.ts';
import { Watchlist } from './watchlist.ts';

/** The platform's parameters as the market reads them (the trading fee on home). */
export interface ParamReader {
  get(key: string): Promise<string>;
}

export interface MarketNeeds {
  db: Database;
  /** Leads the feed on one node and hands every node the ticks. */
  engines: EngineHost;
  config: Config;
  params: ParamReader;
}

export interface MarketServices {
  market: MarketService;
  /** The market lists as JSON, kept between ticks. */
  lists: MarketLists;
  watchlist: Watchlist;
  /** The simulator behind the feed, when prices are simulated (writes first-start history). */
  simulator: Simulator | undefined;
}

export type MarketModule = Capability &
  MarketServices & {
    /** The last price of `asset` in USDT, from the feed (balances value holdings with it). */
    priceOf(asset: string): string | undefined;
  };

/** Live prices from the feed, recorded ticks and candles, and each person's watchlist. */
export function marketModule({ db, engines, config, params }: MarketNeeds): MarketModule {
  const { feed, simulator } = createFeed(config, INSTRUMENTS);
  const market = new MarketService(db, engines, feed, {
    flushMs: 1000,
    sweepMs: 10 * 60_000,
    backfillDays: config.MARKET_BACKFILL_DAYS,
  });
  const services = {
    market,
    lists: new MarketLists(market),
    watchlist: new Watchlist(db, market),
    simulator,
  };
  return {
    name: 'market',
    ...services,
    priceOf: (asset) => market.byInstrumentCode(`${asset}USDT`)?.last?.price,
    routes: (r) => marketRoutes(r, services, params),
    start: () => market.start(INSTRUMENTS, simulator),
    stop: () => market.stop(),
  };
}
