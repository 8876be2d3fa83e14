import { describe, expect, it } from 'vitest';
import type { SpotPair } from '../../../contract/spot/schemas.ts';
import { draftFigures, percentQty, type Draft } from './draft.ts';

const BTC: SpotPair = {
  code: 'BTCUSDT',
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '5',
  makerFeeRate: '0.1',
  takerFeeRate: '0.2',
  marketBand: '5',
};
const market = { bestAsk: '60060', bestBid: '59940', feedPrice: '60000' };
const rich = { base: '1', quote: '10000' };
const draft = (d: Partial<Draft>): Draft => ({
  side: 'buy',
  type: 'limit',
  tif: 'gtc',
  price: '59000',
  qty: '0.01',
  ...d,
});

describe('the spot order form', () => {
  it('shows a limit buy: turnover at its price, the fee in the coin received', () => {
    const f = draftFigures(BTC, draft({}), market, rich);
    expect(f).toMatchObject({
      turnover: '590',
      estimate: false,
      feeRate: '0.2',
      fee: '0.00002',
      feeAsset: 'BTC',
      receive: '0.00998',
      holdPrice: '59000',
      problems: [],
    });
    // Post-only rests, so it pays the maker's rate.
    expect(draftFigures(BTC, draft({ tif: 'post_only' }), market, rich).fee).toBe('0.00001');
  });

  it('shows a limit sell: the fee in the quote coin', () => {
    const f = draftFigures(BTC, draft({ side: 'sell', price: '60010' }), market, rich);
    expect(f).toMatchObject({
      turnover: '600.1',
      fee: '1.2002',
      feeAsset: 'USDT',
      receive: '598.8998',
    });
  });

  it('estimates a market order from the best opposite price and holds at its protection', () => {
    const buy = draftFigures(BTC, draft({ type: 'market', qty: '0.1' }), market, rich);
    expect(buy).toMatchObject({
      turnover: '6006',
      estimate: true,
      protection: '63000',
      holdPrice: '63000',
    });
    const sell = draftFigures(
      BTC,
      draft({ type: 'market', side: 'sell', qty: '0.1' }),
      market,
      rich,
    );
    expect(sell).toMatchObject({ turnover: '5994', protection: '57000' });
    const noFeed = draftFigures(
      BTC,
      draft({ type: 'market' }),
      { ...market, feedPrice: null },
      rich,
    );
    expect(noFeed.problems).toContainEqual({ code: 10015 });
  });

  it('refuses what the server would, with its codes', () => {
    const codes = (d: Partial<Draft>, available = rich) =>
      draftFigures(BTC, draft(d), market, available).problems.map((p) => p.code);
    expect(codes({ price: '59000.001' })).toEqual([10181]);
    expect(codes({ price: '' })).toEqual([10181]);
    expect(codes({ qty: '0.00001' })).toEqual([10182]);
    expect(codes({ qty: '1e-2' })).toEqual([10182]);
    expect(codes({ price: '100', qty: '0.0001' })).toEqual([10183]);
    expect(codes({ qty: '1' })).toEqual([10092]);
    expect(codes({ side: 'sell', qty: '2' })).toEqual([10092]);
    // A market buy must cover its protection price, not the estimate.
    expect(codes({ type: 'market', qty: '0.16' }, { base: '0', quote: '10000' })).toEqual([10092]);
    expect(codes({ type: 'market', qty: '0.15' }, { base: '0', quote: '10000' })).toEqual([]);
    // Not signed in: no balance check.
    expect(draftFigures(BTC, draft({ qty: '1' }), market, undefined).problems).toEqual([]);
  });

  it('says what is wrong with a typed price or amount, and how far a limit is from the market', () => {
    const problem = (d: Partial<Draft>, field: 'price' | 'qty') =>
      draftFigures(BTC, draft(d), market, rich).problems.find((p) => p.field === field);
    expect(problem({ price: '' }, 'price')?.input).toEqual({ kind: 'empty' });
    expect(problem({ price: '-5' }, 'price')?.input).toEqual({ kind: 'notPositive' });
    expect(problem({ price: 'abc' }, 'price')?.input).toEqual({ kind: 'notNumber' });
    expect(problem({ price: '59000.001' }, 'price')?.input).toEqual({ kind: 'step', step: '0.01' });
    expect(problem({ qty: '0.00001' }, 'qty')?.input).toEqual({ kind: 'step', step: '0.0001' });
    expect(problem({ price: '100', qty: '0.0001' }, 'qty')?.notional).toEqual({
      min: '5',
      value: '0.01',
    });
    // A buy at three times the market is past the 5 % band; one 1 % under it is not.
    const far = draftFigures(BTC, draft({ price: '180000' }), market, rich);
    expect(far).toMatchObject({ deviation: '200', far: true, held: '1800' });
    expect(draftFigures(BTC, draft({ price: '59400' }), market, rich)).toMatchObject({
      deviation: '-1',
      far: false,
    });
  });

  it('fills a share of the balance, rounded down to the lot', () => {
    expect(percentQty(BTC, 'buy', 100, '59000', rich)).toBe('0.1694');
    expect(percentQty(BTC, 'buy', 25, '63000', rich)).toBe('0.0396');
    expect(percentQty(BTC, 'sell', 50, undefined, { base: '0.00999', quote: '0' })).toBe('0.0049');
    expect(percentQty(BTC, 'buy', 100, undefined, rich)).toBeUndefined();
    expect(percentQty(BTC, 'sell', 100, undefined, undefined)).toBeUndefined();
  });
});
