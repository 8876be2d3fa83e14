import { LOT_SCALE } from '../../../contract/trading/formulas.ts';
import { toUnits } from '../money/decimal.ts';

/** How contracts on one category of instrument are sized and levered (docs/trading.md). */
export interface ContractSpec {
  /** Base units per lot. */
  contractSize: bigint;
  /** Lots at LOT_SCALE. */
  lotMin: bigint;
  lotStep: bigint;
  lotMax: bigint;
  leverages: readonly number[];
}

const lots = (v: string) => toUnits(v, LOT_SCALE);

/**
 * Per SPEC §1 category: forex in standard lots of 100,000, crypto in coins, stocks and ETFs in
 * shares, futures (indices, metals, energy) in units of the quoted price. Leverage sets follow
 * what retail brokers offer for each (lower for single stocks, higher for major currencies).
 */
const BY_CATEGORY: Readonly<Record<number, ContractSpec>> = {
  1: {
    contractSize: 100_000n,
    lotMin: lots('0.01'),
    lotStep: lots('0.01'),
    lotMax: lots('50'),
    leverages: [10, 20, 50, 100, 200],
  },
  2: {
    contractSize: 1n,
    lotMin: lots('0.001'),
    lotStep: lots('0.001'),
    lotMax: lots('1000'),
    leverages: [1, 2, 5, 10, 20, 50, 100],
  },
  3: {
    contractSize: 1n,
    lotMin: lots('1'),
    lotStep: lots('1'),
    lotMax: lots('10000'),
    leverages: [1, 2, 5, 10, 20],
  },
  4: {
    contractSize: 1n,
    lotMin: lots('0.01'),
    lotStep: lots('0.01'),
    lotMax: lots('1000'),
    leverages: [1, 5, 10, 20, 50, 100],
  },
  5: {
    contractSize: 1n,
    lotMin: lots('1'),
    lotStep: lots('1'),
    lotMax: lots('10000'),
    leverages: [1, 2, 5, 10, 20],
  },
};

/** Quotes contracts settle in: USD is taken as USDT one to one (docs/decisions.md 24). */
const SETTLING_QUOTES = new Set(['USD', 'USDT']);

/**
 * The contract specification of an instrument, or undefined where contracts are not offered:
 * instruments quoted in another currency (USDJPY, the DAX) would need a conversion rate at
 * every settlement, which is not built yet.
 */
export function contractSpecOf(i: { type: number; quote: string }): ContractSpec | undefined {
  if (!SETTLING_QUOTES.has(i.quote)) return undefined;
  return BY_CATEGORY[i.type];
}
