import type { Category, InstrumentSpec, TradingHours } from './types.ts';

/*
 * The instrument catalog, ordered by category (1 forex, 2 crypto, 3 stocks, 4 futures, 5 ETF)
 * and, within a category, roughly by importance. Start prices are only simulation starting
 * points (the UI labels simulated prices as such).
 */

const MON_TO_THU = [1, 2, 3, 4];
const WEEKDAYS = [1, 2, 3, 4, 5];

/** Forex 24/5: Sunday 17:00 to Friday 17:00 New York time. */
const FOREX_HOURS: TradingHours = {
  timeZone: 'America/New_York',
  sessions: [
    { days: [7], open: '17:00', close: '24:00' },
    { days: MON_TO_THU, open: '00:00', close: '24:00' },
    { days: [5], open: '00:00', close: '17:00' },
  ],
};

/** NYSE / Nasdaq regular session. */
const NYSE_HOURS: TradingHours = {
  timeZone: 'America/New_York',
  sessions: [{ days: WEEKDAYS, open: '09:30', close: '16:00' }],
};

/** CME Globex 23/5: Sunday 17:00 to Friday 16:00 Chicago time, daily break 16:00-17:00. */
const CME_HOURS: TradingHours = {
  timeZone: 'America/Chicago',
  sessions: [
    { days: [7], open: '17:00', close: '24:00' },
    { days: MON_TO_THU, open: '00:00', close: '16:00' },
    { days: MON_TO_THU, open: '17:00', close: '24:00' },
    { days: [5], open: '00:00', close: '16:00' },
  ],
};

/** Eurex index futures, simplified to 08:00-22:00 Frankfurt time. */
const EUREX_HOURS: TradingHours = {
  timeZone: 'Europe/Berlin',
  sessions: [{ days: WEEKDAYS, open: '08:00', close: '22:00' }],
};

/** ICE FTSE 100 futures, 01:00-21:00 London time. */
const ICE_LONDON_HOURS: TradingHours = {
  timeZone: 'Europe/London',
  sessions: [{ days: WEEKDAYS, open: '01:00', close: '21:00' }],
};

/** Osaka Nikkei 225 futures: day session and night session (which runs past midnight). */
const OSAKA_HOURS: TradingHours = {
  timeZone: 'Asia/Tokyo',
  sessions: [
    { days: WEEKDAYS, open: '08:45', close: '15:45' },
    { days: WEEKDAYS, open: '17:00', close: '24:00' },
    { days: [2, 3, 4, 5, 6], open: '00:00', close: '06:00' },
  ],
};

interface Sim {
  startPrice: string;
  volatility: number;
  drift: number;
  spreadBps: number;
  tickVolume: string;
}

function spec(
  type: Category,
  code: string,
  appName: string,
  base: string,
  quote: string,
  precision: number,
  hours: TradingHours | null,
  sim: Sim,
): InstrumentSpec {
  return { code, type, appName, base, quote, precision, hours, sim };
}

/** Forex pair: base and quote are the two halves of the six-letter code; JPY pairs quote 3 decimals. */
function fx(
  code: string,
  appName: string,
  startPrice: string,
  volatility: number,
  spreadBps: number,
): InstrumentSpec {
  const base = code.slice(0, 3);
  const quote = code.slice(3, 6);
  const precision = quote === 'JPY' ? 3 : 5;
  return spec(1, code, appName, base, quote, precision, FOREX_HOURS, {
    startPrice,
    volatility,
    drift: 0,
    spreadBps,
    tickVolume: '100000',
  });
}

/** Crypto pair against USDT, trading around the clock, with a Binance stream of the same name. */
function crypto(
  base: string,
  appName: string,
  precision: number,
  startPrice: string,
  volatility: number,
  drift: number,
  spreadBps: number,
  tickVolume: string,
): InstrumentSpec {
  const code = `${base}USDT`;
  return {
    ...spec(2, code, appName, base, 'USDT', precision, null, {
      startPrice,
      volatility,
      drift,
      spreadBps,
      tickVolume,
    }),
    binanceSymbol: code.toLowerCase(),
  };
}

/** US-listed stock (type 3) or ETF (type 5), quoted in USD to the cent during NYSE hours. */
function listed(
  type: 3 | 5,
  ticker: string,
  appName: string,
  startPrice: string,
  volatility: number,
  drift: number,
  spreadBps: number,
  tickVolume: string,
): InstrumentSpec {
  return spec(type, ticker, appName, ticker, 'USD', 2, NYSE_HOURS, {
    startPrice,
    volatility,
    drift,
    spreadBps,
    tickVolume,
  });
}

function stock(
  ticker: string,
  appName: string,
  startPrice: string,
  volatility: number,
  tickVolume: string,
): InstrumentSpec {
  return listed(3, ticker, appName, startPrice, volatility, 0.06, 1.5, tickVolume);
}

function etf(
  ticker: string,
  appName: string,
  startPrice: string,
  volatility: number,
  tickVolume: string,
): InstrumentSpec {
  return listed(5, ticker, appName, startPrice, volatility, 0.05, 1, tickVolume);
}

function future(
  code: string,
  appName: string,
  base: string,
  quote: string,
  precision: number,
  hours: TradingHours,
  sim: Sim,
): InstrumentSpec {
  return spec(4, code, appName, base, quote, precision, hours, sim);
}

export const INSTRUMENTS: readonly InstrumentSpec[] = [
  // 1 — Forex: majors, then crosses.
  fx('EURUSD', 'Euro / US Dollar', '1.16500', 0.07, 0.6),
  fx('USDJPY', 'US Dollar / Japanese Yen', '147.500', 0.09, 0.7),
  fx('GBPUSD', 'British Pound / US Dollar', '1.34500', 0.08, 0.8),
  fx('USDCHF', 'US Dollar / Swiss Franc', '0.80500', 0.08, 1),
  fx('AUDUSD', 'Australian Dollar / US Dollar', '0.65500', 0.09, 0.9),
  fx('USDCAD', 'US Dollar / Canadian Dollar', '1.37500', 0.06, 1),
  fx('NZDUSD', 'New Zealand Dollar / US Dollar', '0.59500', 0.1, 1.3),
  fx('EURGBP', 'Euro / British Pound', '0.86600', 0.06, 1.2),
  fx('EURJPY', 'Euro / Japanese Yen', '171.800', 0.09, 1.2),
  fx('GBPJPY', 'British Pound / Japanese Yen', '198.400', 0.11, 1.8),
  fx('EURCHF', 'Euro / Swiss Franc', '0.93800', 0.06, 1.5),
  fx('AUDJPY', 'Australian Dollar / Japanese Yen', '96.600', 0.12, 1.8),
  fx('EURAUD', 'Euro / Australian Dollar', '1.77800', 0.08, 2),
  fx('EURCAD', 'Euro / Canadian Dollar', '1.60200', 0.07, 2),
  fx('GBPCHF', 'British Pound / Swiss Franc', '1.08200', 0.08, 2.2),
  fx('CADJPY', 'Canadian Dollar / Japanese Yen', '107.300', 0.1, 2),
  fx('CHFJPY', 'Swiss Franc / Japanese Yen', '183.200', 0.09, 2.2),
  fx('NZDJPY', 'New Zealand Dollar / Japanese Yen', '87.800', 0.12, 2.5),
  fx('AUDNZD', 'Australian Dollar / New Zealand Dollar', '1.10100', 0.06, 2.5),
  fx('GBPAUD', 'British Pound / Australian Dollar', '2.05300', 0.09, 3),

  // 2 — Crypto against Tether, 24/7.
  crypto('BTC', 'Bitcoin', 2, '108500.00', 0.5, 0.08, 1, '0.015'),
  crypto('ETH', 'Ethereum', 2, '3850.00', 0.65, 0.08, 1, '1.2'),
  crypto('BNB', 'BNB', 2, '720.00', 0.55, 0.05, 1.5, '2.5'),
  crypto('SOL', 'Solana', 2, '175.00', 0.8, 0.06, 1.5, '12'),
  crypto('XRP', 'XRP', 4, '2.4500', 0.75, 0.05, 1.5, '1500'),
  crypto('ADA', 'Cardano', 4, '0.6800', 0.8, 0.04, 2, '4000'),
  crypto('DOGE', 'Dogecoin', 5, '0.18500', 0.9, 0.04, 2, '20000'),
  crypto('TRX', 'TRON', 5, '0.27500', 0.45, 0.04, 2, '10000'),
  crypto('AVAX', 'Avalanche', 4, '24.5000', 0.85, 0.04, 2.5, '80'),
  crypto('DOT', 'Polkadot', 4, '4.1000', 0.8, 0.03, 2.5, '400'),
  crypto('LINK', 'Chainlink', 4, '17.5000', 0.8, 0.04, 2.5, '90'),
  crypto('LTC', 'Litecoin', 4, '95.0000', 0.7, 0.03, 2, '15'),
  crypto('USDC', 'USD Coin', 4, '1.0000', 0.01, 0, 0.5, '25000'),
  crypto('BCH', 'Bitcoin Cash', 2, '480.00', 0.7, 0.03, 2.5, '3'),
  crypto('XLM', 'Stellar', 4, '0.3200', 0.8, 0.03, 3, '5000'),
  crypto('TON', 'Toncoin', 4, '3.2000', 0.75, 0.03, 3, '300'),
  crypto('UNI', 'Uniswap', 4, '8.5000', 0.85, 0.03, 3, '150'),
  crypto('ATOM', 'Cosmos', 4, '4.6000', 0.8, 0.02, 3, '250'),
  crypto('NEAR', 'NEAR Protocol', 4, '2.6000', 0.9, 0.03, 3, '500'),

  // 3 — US large-cap stocks.
  stock('AAPL', 'Apple Inc.', '228.50', 0.26, '120'),
  stock('MSFT', 'Microsoft Corporation', '510.00', 0.24, '60'),
  stock('NVDA', 'NVIDIA Corporation', '178.00', 0.5, '250'),
  stock('AMZN', 'Amazon.com, Inc.', '225.00', 0.32, '110'),
  stock('GOOGL', 'Alphabet Inc. Class A', '195.00', 0.3, '110'),
  stock('META', 'Meta Platforms, Inc.', '740.00', 0.36, '40'),
  stock('TSLA', 'Tesla, Inc.', '330.00', 0.55, '150'),
  stock('AVGO', 'Broadcom Inc.', '300.00', 0.45, '70'),
  stock('JPM', 'JPMorgan Chase & Co.', '290.00', 0.24, '60'),
  stock('V', 'Visa Inc.', '345.00', 0.2, '40'),
  stock('LLY', 'Eli Lilly and Company', '760.00', 0.32, '25'),
  stock('MA', 'Mastercard Incorporated', '570.00', 0.21, '25'),
  stock('XOM', 'Exxon Mobil Corporation', '110.00', 0.25, '120'),
  stock('WMT', 'Walmart Inc.', '98.00', 0.2, '150'),
  stock('JNJ', 'Johnson & Johnson', '175.00', 0.2, '70'),
  stock('PG', 'The Procter & Gamble Company', '155.00', 0.2, '60'),
  stock('HD', 'The Home Depot, Inc.', '400.00', 0.24, '30'),
  stock('COST', 'Costco Wholesale Corporation', '950.00', 0.22, '15'),
  stock('NFLX', 'Netflix, Inc.', '1200.00', 0.38, '15'),
  stock('ORCL', 'Oracle Corporation', '240.00', 0.4, '80'),
  stock('AMD', 'Advanced Micro Devices, Inc.', '160.00', 0.52, '200'),
  stock('BAC', 'Bank of America Corporation', '48.00', 0.27, '400'),
  stock('KO', 'The Coca-Cola Company', '69.00', 0.2, '200'),

  // 4 — Futures: metals, energy, equity indices.
  future('XAUUSD', 'Gold', 'XAU', 'USD', 2, CME_HOURS, {
    startPrice: '3350.00',
    volatility: 0.16,
    drift: 0.04,
    spreadBps: 1,
    tickVolume: '3',
  }),
  future('XAGUSD', 'Silver', 'XAG', 'USD', 3, CME_HOURS, {
    startPrice: '38.500',
    volatility: 0.3,
    drift: 0.03,
    spreadBps: 3,
    tickVolume: '50',
  }),
  future('USOIL', 'WTI Crude Oil', 'WTI', 'USD', 2, CME_HOURS, {
    startPrice: '65.50',
    volatility: 0.35,
    drift: 0,
    spreadBps: 3,
    tickVolume: '100',
  }),
  future('UKOIL', 'Brent Crude Oil', 'BRENT', 'USD', 2, CME_HOURS, {
    startPrice: '68.50',
    volatility: 0.32,
    drift: 0,
    spreadBps: 3,
    tickVolume: '100',
  }),
  future('US500', 'S&P 500', 'US500', 'USD', 2, CME_HOURS, {
    startPrice: '6350.00',
    volatility: 0.16,
    drift: 0.06,
    spreadBps: 0.8,
    tickVolume: '2',
  }),
  future('NAS100', 'Nasdaq 100', 'NAS100', 'USD', 2, CME_HOURS, {
    startPrice: '23100.00',
    volatility: 0.21,
    drift: 0.07,
    spreadBps: 1,
    tickVolume: '1',
  }),
  future('US30', 'Dow Jones Industrial Average', 'US30', 'USD', 1, CME_HOURS, {
    startPrice: '44500.0',
    volatility: 0.15,
    drift: 0.05,
    spreadBps: 1,
    tickVolume: '1',
  }),
  future('NGAS', 'Natural Gas', 'NATGAS', 'USD', 3, CME_HOURS, {
    startPrice: '3.050',
    volatility: 0.65,
    drift: 0,
    spreadBps: 5,
    tickVolume: '1000',
  }),
  future('COPPER', 'Copper', 'COPPER', 'USD', 4, CME_HOURS, {
    startPrice: '4.5000',
    volatility: 0.24,
    drift: 0.02,
    spreadBps: 3,
    tickVolume: '2500',
  }),
  future('XPTUSD', 'Platinum', 'XPT', 'USD', 2, CME_HOURS, {
    startPrice: '1350.00',
    volatility: 0.28,
    drift: 0.01,
    spreadBps: 5,
    tickVolume: '2',
  }),
  future('XPDUSD', 'Palladium', 'XPD', 'USD', 2, CME_HOURS, {
    startPrice: '1200.00',
    volatility: 0.38,
    drift: 0,
    spreadBps: 8,
    tickVolume: '1',
  }),
  future('US2000', 'Russell 2000', 'US2000', 'USD', 2, CME_HOURS, {
    startPrice: '2250.00',
    volatility: 0.23,
    drift: 0.05,
    spreadBps: 1.5,
    tickVolume: '2',
  }),
  future('GER40', 'DAX 40', 'GER40', 'EUR', 1, EUREX_HOURS, {
    startPrice: '24000.0',
    volatility: 0.18,
    drift: 0.05,
    spreadBps: 1,
    tickVolume: '1',
  }),
  future('JPN225', 'Nikkei 225', 'JPN225', 'JPY', 1, OSAKA_HOURS, {
    startPrice: '40500.0',
    volatility: 0.22,
    drift: 0.05,
    spreadBps: 2,
    tickVolume: '1',
  }),
  future('UK100', 'FTSE 100', 'UK100', 'GBP', 1, ICE_LONDON_HOURS, {
    startPrice: '9100.0',
    volatility: 0.14,
    drift: 0.04,
    spreadBps: 1.2,
    tickVolume: '1',
  }),
  future('EU50', 'Euro Stoxx 50', 'EU50', 'EUR', 1, EUREX_HOURS, {
    startPrice: '5400.0',
    volatility: 0.17,
    drift: 0.04,
    spreadBps: 1.2,
    tickVolume: '2',
  }),

  // 5 — ETFs listed in the US.
  etf('SPY', 'SPDR S&P 500 ETF Trust', '635.00', 0.16, '300'),
  etf('QQQ', 'Invesco QQQ Trust', '565.00', 0.22, '200'),
  etf('IWM', 'iShares Russell 2000 ETF', '225.00', 0.24, '250'),
  etf('DIA', 'SPDR Dow Jones Industrial Average ETF Trust', '445.00', 0.15, '50'),
  etf('VTI', 'Vanguard Total Stock Market ETF', '315.00', 0.17, '80'),
  etf('VOO', 'Vanguard S&P 500 ETF', '585.00', 0.16, '80'),
  etf('IVV', 'iShares Core S&P 500 ETF', '640.00', 0.16, '70'),
  etf('GLD', 'SPDR Gold Shares', '310.00', 0.16, '90'),
  etf('SLV', 'iShares Silver Trust', '34.00', 0.3, '500'),
  etf('TLT', 'iShares 20+ Year Treasury Bond ETF', '87.00', 0.16, '400'),
  etf('EEM', 'iShares MSCI Emerging Markets ETF', '49.00', 0.2, '600'),
  etf('XLF', 'Financial Select Sector SPDR Fund', '52.00', 0.2, '500'),
  etf('XLE', 'Energy Select Sector SPDR Fund', '88.00', 0.26, '200'),
  etf('XLK', 'Technology Select Sector SPDR Fund', '260.00', 0.25, '100'),
  etf('VEA', 'Vanguard FTSE Developed Markets ETF', '57.00', 0.15, '300'),
  etf('ARKK', 'ARK Innovation ETF', '75.00', 0.45, '250'),
];
