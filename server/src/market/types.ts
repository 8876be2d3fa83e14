/** SPEC §1 market categories: 1 forex, 2 crypto, 3 stocks, 4 futures (incl. metals), 5 ETF. */
export type Category = 1 | 2 | 3 | 4 | 5;
export const CATEGORIES: readonly Category[] = [1, 2, 3, 4, 5];

/** When an instrument trades; `null` on an instrument means around the clock (crypto). */
export interface TradingHours {
  /** IANA time zone of the sessions, e.g. "America/New_York". */
  timeZone: string;
  /** Open intervals per ISO weekday (1 = Monday … 7 = Sunday), local "HH:MM" times. */
  sessions: ReadonlyArray<{ days: readonly number[]; open: string; close: string }>;
}

/** How the simulator moves an instrument (annualized, geometric Brownian motion). */
export interface SimulationProfile {
  /** Price the simulation starts from, a decimal string with `precision` decimals. */
  startPrice: string;
  /** Annualized volatility, e.g. 0.08 for a major currency pair, 0.65 for a small coin. */
  volatility: number;
  /** Annualized drift, e.g. 0.02. */
  drift: number;
  /** Typical spread in basis points (the simulator quotes mid prices; shown as information). */
  spreadBps: number;
  /** Typical traded quantity per tick, a decimal string, for simulated volume. */
  tickVolume: string;
}

export interface InstrumentSpec {
  /** Unique upper-case code as shown and sent on the feed, e.g. "BTCUSDT", "EURUSD", "AAPL". */
  code: string;
  type: Category;
  /** Display name (English; brand or ticker names are not translated). */
  appName: string;
  base: string;
  quote: string;
  /** Decimals of the price. */
  precision: number;
  hours: TradingHours | null;
  sim: SimulationProfile;
  /** Symbol on Binance's public streams, for crypto pairs that have one (lower case, e.g. "btcusdt"). */
  binanceSymbol?: string;
}

/** One price from a feed source. */
export interface Tick {
  code: string;
  /** Decimal string with the instrument's precision. */
  price: string;
  /** Decimal string quantity traded at this price (0 when the source gives none). */
  volume: string;
  /** Milliseconds since the epoch. */
  ts: number;
}

/** A source of ticks: the simulator by default, or a real exchange adapter. */
export interface FeedSource {
  readonly name: string;
  /** Whether prices from this source are simulated (the UI labels them so). */
  readonly simulated: boolean;
  start(onTicks: (ticks: readonly Tick[]) => void): Promise<void>;
  stop(): Promise<void>;
}
