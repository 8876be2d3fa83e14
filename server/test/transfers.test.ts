import { describe, expect, it } from 'vitest';
import { FUNDS_TRANSFERS, fundsKey } from '../src/funds/transfers.ts';
import { SPOT_TRANSFERS, spotKey } from '../src/trading/spot/transfers.ts';
import { TRADING_TRANSFERS, tradingKey } from '../src/trading/transfers.ts';
import { assertDisjointTransfers, prefixOf, type TransferSet } from '../src/money/transfers.ts';

/** Every key builder with sample arguments: what it makes must carry its owner's prefix. */
const BUILT: [TransferSet, string[]][] = [
  [
    FUNDS_TRANSFERS,
    [
      fundsKey.depositCredit(1),
      fundsKey.withdrawalHold(1, 'k'.repeat(16)),
      fundsKey.withdrawalReview(1, 'approve'),
      fundsKey.adjustment(1, 'k'.repeat(16)),
      fundsKey.demoGrant(1, 0),
      fundsKey.demoReset(1, 0, 'USDT'),
    ],
  ],
  [
    TRADING_TRANSFERS,
    [
      tradingKey.contractOpen(1, 'k'.repeat(16), 'margin'),
      tradingKey.contractFill(1, 'fee'),
      tradingKey.contractEnd(1, 'profit'),
      tradingKey.optionStake(1, 'k'.repeat(16)),
      tradingKey.optionSettle(1, 'payout'),
    ],
  ],
  [
    SPOT_TRANSFERS,
    [
      spotKey.hold(1),
      spotKey.fill(1, 'base'),
      spotKey.release(1),
      spotKey.makerSeed('demo', 'BTC'),
    ],
  ],
];

describe('transfer kinds and keys, per capability', () => {
  it("each capability's keys carry one of its own prefixes", () => {
    for (const [set, keys] of BUILT) {
      for (const key of keys) expect(set.prefixes, key).toContain(prefixOf(key));
    }
  });

  it('no two capabilities share a prefix or a kind; a clash stops the start', () => {
    expect(() => assertDisjointTransfers(BUILT.map(([set]) => set))).not.toThrow();
    const thief: TransferSet = { owner: 'thief', prefixes: ['deposit'], kinds: [] };
    expect(() => assertDisjointTransfers([FUNDS_TRANSFERS, thief])).toThrow(/deposit/);
    const twin: TransferSet = { owner: 'twin', prefixes: ['twin'], kinds: ['spot_fee'] };
    expect(() => assertDisjointTransfers([SPOT_TRANSFERS, twin])).toThrow(/spot_fee/);
  });
});
