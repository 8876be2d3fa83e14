import type { Config } from '../platform/config.ts';
import { BinanceFeed } from './binance-feed.ts';
import { SimulatedFeed, Simulator } from './simulator.ts';
import type { FeedSource, InstrumentSpec } from './types.ts';

/** A feed that never ticks (MARKET_FEED=off): prices stay as recorded. */
class NoFeed implements FeedSource {
  readonly name = 'off';
  readonly simulated = false;
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

/** The configured feed, and the simulator behind it when there is one (for history). */
export function createFeed(
  config: Config,
  instruments: readonly InstrumentSpec[],
): { feed: FeedSource; simulator: Simulator | undefined } {
  if (config.MARKET_FEED === 'simulator') {
    const simulator = new Simulator(instruments, config.MARKET_SEED);
    return { feed: new SimulatedFeed(simulator, config.MARKET_TICK_MS), simulator };
  }
  if (config.MARKET_FEED === 'binance') {
    const symbols = instruments.flatMap((i) =>
      i.binanceSymbol === undefined
        ? []
        : [{ code: i.code, binanceSymbol: i.binanceSymbol, precision: i.precision }],
    );
    return { feed: new BinanceFeed({ url: config.BINANCE_WS_URL, symbols }), simulator: undefined };
  }
  return { feed: new NoFeed(), simulator: undefined };
}
