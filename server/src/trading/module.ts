import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Database } from '../platform/db/database.ts';
import type { EngineHost } from '../platform/engine-host.ts';
import { Contracts } from './contracts.ts';
import { TradingEngine } from './engine.ts';
import type { Instruments } from './instruments.ts';
import { Options } from './options.ts';
import { TradingParams, type ParamReader } from './params.ts';
import { tradingRoutes } from './routes.ts';
import { TradingInfo } from './trading-info.ts';

export interface TradingNeeds {
  db: Database;
  ledger: Ledger;
  channels: Channels;
  /** Runs the trigger engine and option expiry on the elected node, with the feed's ticks. */
  engines: EngineHost;
  /** Instruments with their last tick, spread and hours (the market capability's). */
  instruments: Instruments;
  params: ParamReader;
  /** Grants a new demo book its virtual funds (the funds capability's), before a first trade. */
  fundDemo(userId: number): Promise<void>;
  /** How often option expiry is swept, in milliseconds. */
  sweepMs?: number;
  now?: () => number;
}

export interface TradingServices {
  contracts: Contracts;
  options: Options;
  info: TradingInfo;
  engine: TradingEngine;
  fundDemo(userId: number): Promise<void>;
}

export type TradingModule = Capability & TradingServices;

/** Leveraged contracts and fixed-period options, with their trigger and expiry engine. */
export function tradingModule(needs: TradingNeeds): TradingModule {
  const { db, ledger, channels, engines, instruments } = needs;
  const now = needs.now ?? Date.now;
  const params = new TradingParams(needs.params);
  const nudge = (userId: number, topic: 'orders' | 'positions', id: number) =>
    channels.publish('user.events', { userId, event: { topic, id: String(id), at: now() } });
  const contracts = new Contracts(
    db,
    ledger,
    instruments,
    params,
    {
      orderChanged: (orderId, userId) => {
        channels.publish('trading.orders', { orderId });
        nudge(userId, 'positions', orderId);
      },
    },
    now,
  );
  const options = new Options(
    db,
    ledger,
    instruments,
    params,
    (userId, id) => nudge(userId, 'orders', id),
    now,
  );
  const engine = new TradingEngine(engines, channels, instruments, contracts, options, {
    sweepMs: needs.sweepMs ?? 250,
    now,
  });
  engines.add(engine);
  const services: TradingServices = {
    contracts,
    options,
    info: new TradingInfo(instruments, params, now),
    engine,
    fundDemo: needs.fundDemo,
  };
  return { name: 'trading', ...services, routes: (r) => tradingRoutes(r, services) };
}
