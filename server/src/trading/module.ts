import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { liveTopic } from '../platform/live/topic.ts';
import type { SpotBookFrame } from '../../../contract/spot/frames.ts';
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
import { TradingActivity } from './activity.ts';
import { SpotDesks } from './spot/desks.ts';
import { DEFAULT_LIMITS } from './spot/engine/order-book.ts';
import { MarketMaker } from './spot/maker.ts';
import { loadMakerSettings, MakerSettingsAdmin } from './spot/maker-settings.ts';
import { loadPairs, type Pair } from './spot/pairs.ts';
import { spotRoutes } from './spot/routes.ts';
import { Spot } from './spot/service.ts';
import { SpotStore } from './spot/store.ts';
import { SPOT_LIMITS } from '../../../contract/spot/schemas.ts';
import type { TradingServices } from './services.ts';

export interface TradingNeeds {
  db: Database;
  /** Staff changes (the market maker's settings) are recorded in it. */
  audit: AuditLog;
  ledger: Ledger;
  channels: Channels;
  /** Tells people what happened to their orders (the notification centre's kernel). */
  notices: Notices;
  /** Runs the trigger engine and option expiry on the elected node, with the feed's ticks. */
  engines: EngineHost;
  /** Instruments with their last tick, spread and hours (the market capability's). */
  instruments: Instruments;
  params: ParamReader;
  /** Grants a new demo book its virtual funds (the funds capability's), before a first trade. */
  fundDemo(userId: number): Promise<void>;
  /** How often option expiry is swept, in milliseconds. */
  sweepMs?: number;
  /** How often the spot market maker checks its quotes, in milliseconds; 0: it does not quote. */
  quoteMs?: number;
  now?: () => number;
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
      notify: (tx, userId, notice) => needs.notices.raise(tx, userId, notice),
    },
    now,
  );
  const options = new Options(
    db,
    ledger,
    instruments,
    params,
    {
      changed: (userId, id) => nudge(userId, 'orders', id),
      notify: (tx, userId, notice) => needs.notices.raise(tx, userId, notice),
    },
    now,
  );
  const engine = new TradingEngine(engines, channels, instruments, contracts, options, {
    sweepMs: needs.sweepMs ?? 250,
    now,
  });
  engines.add(engine);

  // Spot: the pairs and the market maker's account are read once the database is up (start).
  let pairs: ReadonlyMap<string, Pair> = new Map();
  let maker: MarketMaker | undefined;
  const store = new SpotStore(db);
  const spotDesks: SpotDesks = new SpotDesks({
    pairs: () => pairs,
    ledger,
    store,
    channels,
    instruments,
    maker: () => {
      if (maker === undefined) throw new Error('spot market maker used before start');
      return maker;
    },
    makerSettings: () => loadMakerSettings(db),
    limits: { ...DEFAULT_LIMITS, ordersPerOwner: SPOT_LIMITS.openOrdersMax },
    fees: () => spot.fees(),
    onTicks: (listener) => engines.onTicks(listener),
    ordersChanged: (orders) => {
      for (const { userId, id } of orders) {
        channels.publish('user.events', {
          userId,
          event: { topic: 'orders', id: `spot-${id}`, at: now() },
        });
      }
    },
    notify: (tx, userId, notice) => needs.notices.raise(tx, userId, notice),
    quoteMs: needs.quoteMs ?? 1000,
  });
  const spot: Spot = new Spot({
    pairs: () => pairs,
    store,
    desks: spotDesks,
    channels,
    instruments,
    params: needs.params,
    fundDemo: needs.fundDemo,
  });
  engines.add(spotDesks);
  const makerSettings = new MakerSettingsAdmin(db, needs.audit);

  const services: TradingServices = {
    contracts,
    options,
    info: new TradingInfo(instruments, params, now),
    engine,
    spot,
    spotDesks,
    activity: new TradingActivity(db),
    fundDemo: needs.fundDemo,
  };
  return {
    name: 'trading',
    ...services,
    // A spot pair's book, keyed by its code; the latest frame of each ledger book waits.
    topics: [
      liveTopic<SpotBookFrame>({
        name: 'spot.book',
        audience: 'public',
        pending: { kind: 'latest', slot: (frame) => frame.book },
        accepts: (code) => pairs.has(code),
        source: (emit) => channels.subscribe('spot.book', (frame) => emit(frame.code, frame)),
      }),
    ],
    routes: (r) => {
      tradingRoutes(r, services);
      spotRoutes(r, spot, makerSettings);
    },
    async start() {
      pairs = await loadPairs(db);
      const [row] = await db.query<{ id: string }>(
        `select id::text from users where invite_code = 'PLATFORM-MM'`,
      );
      if (row === undefined) throw new Error('the spot market maker account is missing');
      maker = new MarketMaker({ userId: Number(row.id), ledger, instruments });
    },
    stop() {
      spot.close();
    },
  };
}
