import { describe, expect, it } from 'vitest';
import type { OptionOrder, UOrder } from '../../../contract/trading/schemas.ts';
import {
  contractFigures,
  liveProfit,
  optionFigures,
  percentText,
  recomputeContract,
  recomputeOption,
  usdtText,
  type ContractDraft,
  type TradingInfo,
} from './figures.ts';

const info: TradingInfo = {
  instrumentId: 1,
  code: 'BTCUSDT',
  precision: 2,
  open: true,
  opensAt: null,
  mid: '60000.00',
  bid: '59999.00',
  ask: '60001.00',
  tickTs: 1,
  contract: {
    contractSize: '1',
    lotMin: '0.001',
    lotStep: '0.001',
    lotMax: '1000',
    leverages: [1, 2, 5, 10, 20, 50, 100],
    feeRate: '0.1',
    maintenanceRate: '0.5',
  },
  options: [{ seconds: 30, payout: '0.85', min: '10', max: '1000' }],
};

const long: ContractDraft = {
  side: 'long',
  type: 'market',
  price: '',
  lots: '0.01',
  leverage: 10,
  stopLoss: '57000',
  takeProfit: '61000',
};

const codes = (d: Partial<ContractDraft>, available?: string) =>
  contractFigures(info, { ...long, ...d }, available).problems.map((p) => p.code);

describe('the contract form', () => {
  it('shows what the server will hold and charge for a long at the ask', () => {
    const f = contractFigures(info, long);
    expect(f.problems).toEqual([]);
    expect(f.openPrice).toBe(6_000_100n);
    // 0.01 x 60001 / 10, and 0.1 % of 600.01
    expect(usdtText(f.margin ?? 0n)).toBe('60.001');
    expect(usdtText(f.fee ?? 0n)).toBe('0.60001');
    // 60001 x (1 - 1/10 + 0.5 %) = 54300.905, rounded up to the price unit
    expect(f.liquidation).toBe(5_430_091n);
    expect(usdtText(f.atTakeProfit ?? 0n)).toBe('9.99');
    expect(usdtText(f.atStopLoss ?? 0n)).toBe('-30.01');
  });

  it('refuses what the server would refuse, with its codes', () => {
    expect(codes({ lots: '0.0105' })).toEqual([10016]);
    expect(codes({ lots: '2000' })).toEqual([10016]);
    expect(codes({ leverage: 3 })).toEqual([10016]);
    expect(codes({ stopLoss: '60500' })).toEqual([10170]);
    expect(codes({ takeProfit: '59000' })).toEqual([10171]);
    expect(codes({ stopLoss: '61000', takeProfit: '57000' })).toEqual([10172]);
    expect(codes({ stopLoss: '', takeProfit: '' })).toEqual([10172]);
    expect(codes({ type: 'limit', price: '60001' })).toEqual([10173]);
    expect(codes({}, '60.5')).toEqual([10092]);
    expect(codes({}, '100')).toEqual([]);
  });

  it('says which bound or step the lots and the option amount miss, and the position value', () => {
    const lots = (text: string) =>
      contractFigures(info, { ...long, lots: text }).problems.find((p) => p.field === 'lots')
        ?.input;
    expect(lots('0.0001')).toEqual({ kind: 'min', min: '0.001' });
    expect(lots('2000')).toEqual({ kind: 'max', max: '1000' });
    expect(lots('0.0105')).toEqual({ kind: 'step', step: '0.001' });
    expect(lots('ten')).toEqual({ kind: 'notNumber' });
    expect(lots('')).toEqual({ kind: 'empty' });
    const amount = (text: string) => optionFigures(info.options[0], text).problems[0]?.input;
    expect(amount('5')).toEqual({ kind: 'min', min: '10' });
    expect(amount('5000')).toEqual({ kind: 'max', max: '1000' });
    expect(amount('-20')).toEqual({ kind: 'notPositive' });
    // 0.01 BTC at the ask of 60001
    expect(usdtText(contractFigures(info, long).value ?? 0n)).toBe('600.01');
  });

  it('checks a limit order against its limit price', () => {
    const f = contractFigures(info, {
      ...long,
      type: 'limit',
      price: '30000',
      stopLoss: '29000',
      takeProfit: '31000',
    });
    expect(f.problems).toEqual([]);
    expect(usdtText(f.margin ?? 0n)).toBe('30');
    expect(
      codes({ type: 'limit', price: '30000', stopLoss: '57000', takeProfit: '31000' }),
    ).toEqual([10170]);
  });

  it('reads a comma as the decimal mark', () => {
    expect(contractFigures(info, { ...long, lots: '0,01' }).problems).toEqual([]);
  });
});

const order: UOrder = {
  id: 7,
  instrumentId: 1,
  code: 'BTCUSDT',
  book: 'demo',
  side: 'long',
  type: 'market',
  status: 'closed',
  lots: '0.01',
  contractSize: '1',
  leverage: 10,
  limitPrice: null,
  stopLoss: '57000.00',
  takeProfit: '61000.00',
  margin: '60.001',
  fee: '0.60001',
  feeRate: '0.1',
  maintenanceRate: '0.5',
  openPrice: '60001.00',
  openTick: { code: 'BTCUSDT', price: '60000.00', ts: 1 },
  liquidationPrice: '54300.91',
  closePrice: '72000.00',
  closeTick: { code: 'BTCUSDT', price: '72001.00', ts: 2 },
  closeReason: 'take_profit',
  profit: '119.99',
  createdAt: '2026-01-01T00:00:00.000Z',
  openedAt: '2026-01-01T00:00:00.000Z',
  closedAt: '2026-01-01T00:00:01.000Z',
};

describe('recompute this result', () => {
  it('finds every stored figure of a contract', () => {
    const checks = recomputeContract(order);
    expect(checks.map((c) => [c.what, c.computed, c.matches])).toEqual([
      ['margin', '60.001', true],
      ['fee', '0.60001', true],
      ['liquidation', '54300.91', true],
      ['profit', '119.99', true],
    ]);
    expect(checks[3]?.formula).toBe('0.01 × 1 × (72000.00 − 60001.00)');
  });

  it('says so when a stored figure differs', () => {
    const checks = recomputeContract({ ...order, profit: '120' });
    expect(checks.find((c) => c.what === 'profit')?.matches).toBe(false);
  });

  it('caps a loss at the margin, as a close pays it', () => {
    const gap = { ...order, side: 'long' as const, closePrice: '50000.00', profit: '-60.001' };
    expect(recomputeContract(gap).find((c) => c.what === 'profit')).toMatchObject({
      computed: '-60.001',
      matches: true,
    });
  });

  it('prices an open position at the bid it would close at', () => {
    const open = { ...order, status: 'open' as const, closePrice: null, profit: null };
    expect(usdtText(liveProfit(open, { bid: 6_100_000n, ask: 6_100_200n })?.profit ?? 0n)).toBe(
      '9.99',
    );
  });

  const option: OptionOrder = {
    id: 3,
    instrumentId: 1,
    code: 'BTCUSDT',
    book: 'demo',
    direction: 'up',
    seconds: 30,
    payout: '0.85',
    amount: '20',
    status: 'settled',
    openPrice: '60000',
    openTick: { code: 'BTCUSDT', price: '60000', ts: 1 },
    expiresAt: '2026-01-01T00:00:30.000Z',
    settlePrice: '60000.5',
    settleTick: { code: 'BTCUSDT', price: '60000.5', ts: 2 },
    outcome: 'won',
    paid: '37',
    createdAt: '2026-01-01T00:00:00.000Z',
    settledAt: '2026-01-01T00:00:32.000Z',
  };

  it('replays an option from its ticks', () => {
    expect(recomputeOption(option).map((c) => [c.what, c.computed, c.matches])).toEqual([
      ['outcome', 'won', true],
      ['paid', '37', true],
    ]);
    const draw = { ...option, settlePrice: '60000.00', outcome: 'draw' as const, paid: '20' };
    expect(recomputeOption(draw).every((c) => c.matches)).toBe(true);
    expect(recomputeOption({ ...option, outcome: 'lost', paid: '0' })[0]?.matches).toBe(false);
  });

  it('shows what an option pays on a win', () => {
    const period = info.options[0];
    expect(usdtText(optionFigures(period, '20').onWin ?? 0n)).toBe('37');
    expect(optionFigures(period, '5').problems.map((p) => p.code)).toEqual([10016]);
    expect(percentText('0.85')).toBe('85');
    expect(percentText('0.8525')).toBe('85.25');
  });
});
