import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  feeOf,
  isOnStep,
  midPriceOf,
  netOf,
  protectionPriceOf,
  qtyForPercent,
  turnoverOf,
} from './figures.ts';

describe('spot figures', () => {
  it('multiplies price and quantity exactly', () => {
    expect(turnoverOf('59000', '0.01')).toBe('590');
    expect(turnoverOf('60010', '0.01')).toBe('600.1');
    expect(turnoverOf('0.1', '0.2')).toBe('0.02');
    expect(turnoverOf('60000.01', '0.0001')).toBe('6.000001');
    expect(turnoverOf('99999999.99999999', '99999999.99999999')).toBe(
      '9999999999999998.0000000000000001',
    );
  });

  it('checks steps on the wire grid', () => {
    expect(isOnStep('60000.01', '0.01')).toBe(true);
    expect(isOnStep('60000.001', '0.01')).toBe(false);
    expect(isOnStep('0.0001', '0.0001')).toBe(true);
    expect(isOnStep('0.00015', '0.0001')).toBe(false);
    expect(isOnStep('0', '0.0001')).toBe(false);
    expect(isOnStep('1e-2', '0.0001')).toBe(false);
    expect(isOnStep('-1', '0.01')).toBe(false);
    expect(isOnStep('0.000000001', '0.00000001')).toBe(false);
  });

  it('compares decimals of any length', () => {
    expect(compareDecimal('5', '4.999999')).toBe(1);
    expect(compareDecimal('5.000', '5')).toBe(0);
    expect(compareDecimal('0.1', '0.10001')).toBe(-1);
  });

  it('takes a share of the available balance, rounded down to the lot', () => {
    // 10,000 USDT at 60,000: 0.16666… BTC, down to 0.1666.
    expect(
      qtyForPercent({ percent: 100, available: '10000', lotSize: '0.0001', price: '60000' }),
    ).toBe('0.1666');
    expect(
      qtyForPercent({ percent: 25, available: '10000', lotSize: '0.0001', price: '60000' }),
    ).toBe('0.0416');
    // The held turnover never exceeds the share.
    const qty = qtyForPercent({
      percent: 50,
      available: '1234.567891',
      lotSize: '0.0001',
      price: '59876.54',
    });
    expect(compareDecimal(turnoverOf('59876.54', qty), '617.2839455')).toBe(-1);
    expect(qty).toBe('0.0103');
    // Selling: of the base coin, no price.
    expect(qtyForPercent({ percent: 75, available: '0.00999', lotSize: '0.0001' })).toBe('0.0074');
    expect(qtyForPercent({ percent: 100, available: '0.00999', lotSize: '0.0001' })).toBe('0.0099');
    // ETH balances have 18 decimals.
    expect(
      qtyForPercent({ percent: 100, available: '1.123456789012345678', lotSize: '0.0001' }),
    ).toBe('1.1234');
    expect(qtyForPercent({ percent: 100, available: '0.00001', lotSize: '0.0001' })).toBe('0');
    expect(qtyForPercent({ percent: 100, available: '0', lotSize: '0.01', price: '1' })).toBe('0');
    expect(() => qtyForPercent({ percent: 101, available: '1', lotSize: '1' })).toThrow(RangeError);
  });

  it('charges the fee on what is received, rounded up to a unit of that coin', () => {
    // 0.1 % of 0.01 BTC (8 decimals), and of 600.1 USDT (6 decimals): the server's own figures.
    expect(feeOf('0.01', '0.1', 8)).toBe('0.00001');
    expect(feeOf('600.1', '0.1', 6)).toBe('0.6001');
    // 0.1 % of 6.000001 USDT is 0.006000001: up to 0.006001.
    expect(feeOf('6.000001', '0.1', 6)).toBe('0.006001');
    // 0.1 % of 0.0001 BTC is 0.0000001, within BTC's 8 decimals.
    expect(feeOf('0.0001', '0.1', 8)).toBe('0.0000001');
    // Never more than the amount itself.
    expect(feeOf('0.000001', '100', 6)).toBe('0.000001');
    expect(feeOf('100', '0', 6)).toBe('0');
    expect(netOf('0.01', '0.00001')).toBe('0.00999');
    expect(netOf('1', '2')).toBe('0');
  });

  it("prices a market order's protection as the server does", () => {
    // 5 % band: a buy pays at most 63,000, a sell takes at least 57,000.
    const at = { feedPrice: '60000', bandPercent: '5', tickSize: '0.01' };
    expect(protectionPriceOf({ ...at, side: 'buy' })).toBe('63000');
    expect(protectionPriceOf({ ...at, side: 'sell' })).toBe('57000');
    // Rounded down to the tick when buying, up when selling.
    const odd = { feedPrice: '60000.123', bandPercent: '5', tickSize: '0.01' };
    expect(protectionPriceOf({ ...odd, side: 'buy' })).toBe('63000.12');
    expect(protectionPriceOf({ ...odd, side: 'sell' })).toBe('57000.12');
    expect(
      protectionPriceOf({
        side: 'sell',
        feedPrice: '1.00004',
        bandPercent: '5',
        tickSize: '0.0001',
      }),
    ).toBe('0.9501');
  });

  it('finds a price inside the spread', () => {
    expect(midPriceOf('59940', '60060', '0.01')).toBe('60000');
    expect(midPriceOf('100.01', '100.04', '0.01')).toBe('100.02');
    expect(midPriceOf('0.9999', '1.0001', '0.0001')).toBe('1');
  });
});
