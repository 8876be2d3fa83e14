import type { Capability } from '../http/capability.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { EngineHost } from '../platform/engine-host.ts';
import { createFeed } from './create-feed.ts';
import { INSTRUMENTS } from './instruments.ts';
import { MarketLists } from './market-lists.ts';
import { marketLiveTopics } from './live-topics.ts';
import { sweep } from './market-recorder.ts';
import { MarketService } from './market-service.ts';
import type { InstrumentState } from './market-state.ts';
import { marketRoutes } from './routes.ts';
import { isOpen, nextOpen } from './trading-hours.ts';
import type { Category, Tick } from './types.ts';
import { Watchlist } from './watchlist.ts';
import type { MarketServices, ParamReader } from './services.ts';

export interface MarketNeeds {
  db: Database;
  /** Leads the feed on one node and hands every node the ticks. */
  engines: EngineHost;
  config: Config;
  params: ParamReader;
}

/** What trading needs of an instrument: its last tick, spread and hours. */
export interface TradableInstrument {
  id: number;
  code: string;
  type: Category;
  quote: string;
  precision: number;
  /** The configured spread around the feed's mid, in tenths of a basis point. */
  spreadTenthsBps: number;
  last: Tick | undefined;
  isOpen(ts: number): boolean;
  /** The next opening after `ts`, or undefined when open. */
  opensAt(ts: number): number | undefined;
}

export type MarketModule = Capability &
  MarketServices & {
    /** The last price of `asset` in USDT, from the feed (balances value holdings with it). */
    priceOf(asset: string): string | undefined;
    /** An instrument by id or code as trading sees it; undefined when unknown. */
    tradable(idOrCode: number | string): TradableInstrument | undefined;
  };

/** Live prices from the feed, recorded ticks and candles, and each person's watchlist. */
export function marketModule({ db, engines, config, params }: MarketNeeds): MarketModule {
  const { feed, simulator } = createFeed(config, INSTRUMENTS);
  const market = new MarketService(db, engines, feed, {
    flushMs: 1000,
    backfillDays: config.MARKET_BACKFILL_DAYS,
  });
  const services = {
    market,
    lists: new MarketLists(market),
    watchlist: new Watchlist(db, market),
    simulator,
  };
  const spreads = new Map(INSTRUMENTS.map((i) => [i.code, Math.round(i.sim.spreadBps * 10)]));
  // One view per instrument, made on first use: the trading engine asks for it on every tick.
  const views = new WeakMap<InstrumentState, TradableInstrument>();
  const tradable = (idOrCode: number | string): TradableInstrument | undefined => {
    const state =
      typeof idOrCode === 'number'
        ? market.byInstrumentId(idOrCode)
        : market.byInstrumentCode(idOrCode);
    if (state === undefined) return undefined;
    let view = views.get(state);
    if (view === undefined) {
      const { row } = state;
      view = {
        id: row.id,
        code: row.code,
        type: row.type,
        quote: row.quote,
        precision: row.precision,
        spreadTenthsBps: spreads.get(row.code) ?? 10,
        get last() {
          return state.last;
        },
        isOpen: (ts) => isOpen(row.hours, ts),
        opensAt: (ts) => nextOpen(row.hours, ts),
      };
      views.set(state, view);
    }
    return view;
  };
  return {
    name: 'market',
    ...services,
    tradable,
    priceOf: (asset) => market.byInstrumentCode(`${asset}USDT`)?.last?.price,
    routes: (r) => marketRoutes(r, services, params),
    topics: marketLiveTopics(market),
    // Ticks and candles past their retention (market-recorder.ts) go once an hour.
    jobs: [
      {
        name: 'market.retention',
        schedule: { every: 'hour' },
        missed: 'latest',
        runOutside: async () => {
          await sweep(db);
          return {};
        },
      },
    ],
    start: () => market.start(INSTRUMENTS, simulator),
    stop: () => market.stop(),
  };
}
