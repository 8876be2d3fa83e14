import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closePriceOf,
  liquidationPriceOf,
  openPriceOf,
  percentToRate,
  quoteOf,
  type Side,
} from '../../contract/trading/formulas.ts';
import { fromUnits, toUnits } from '../src/money/decimal.ts';
import { INSTRUMENTS } from '../src/market/instruments.ts';
import { Contracts } from '../src/trading/contracts.ts';
import { TradingParams } from '../src/trading/params.ts';
import { contractSpecOf } from '../src/trading/specs.ts';
import { TradingInfo } from '../src/trading/trading-info.ts';
import { defined } from './helpers/defined.ts';
import { ADMIN, quickUser, requestKey, staffSession } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every leverage getTradingInfo offers can be opened (docs/trading.md): on every instrument
 * kind, at every offered leverage, long and short, a market order with a stop loss between
 * the price and the liquidation price opens. A leverage whose liquidation price is the open
 * price (x200 at the default 0.5 % maintenance rate) is not offered, and asking for it
 * answers 10016; a lower rate offers it again.
 */
// Wednesday 2026-12-09 15:00 UTC: every venue of every kind is open.
const WEDNESDAY = Date.UTC(2026, 11, 9, 15, 0);
let server: TestServer;
let info: TradingInfo;
let contracts: Contracts;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  const instruments = {
    byId: (id: number) => server.modules.market.tradable(id),
    byCode: (code: string) => server.modules.market.tradable(code),
  };
  const params = new TradingParams(server.modules.content.params);
  info = new TradingInfo(instruments, params, () => WEDNESDAY);
  const events = { orderChanged: () => undefined, notify: async () => undefined };
  contracts = new Contracts(server.db, server.ledger, instruments, params, events, () => WEDNESDAY);
  server.modules.market.market.ingest(
    INSTRUMENTS.map((i) => ({ code: i.code, price: i.sim.startPrice, volume: '0', ts: WEDNESDAY })),
  );
});
afterAll(() => server.close());

const withSpec = INSTRUMENTS.filter((i) => contractSpecOf(i) !== undefined);
/** The first instrument of each kind (SPEC §1's five categories) that contracts trade. */
const firstOfEachKind = [1, 2, 3, 4, 5].map((type) =>
  defined(
    withSpec.find((i) => i.type === type),
    `an instrument of kind ${type}`,
  ),
);

const tradable = (code: string) => defined(server.modules.market.tradable(code), code);
const contractInfo = async (code: string) =>
  defined((await info.of(tradable(code).id)).contract, `${code}'s contract info`);

/** A market open at `leverage` with a stop loss halfway to liquidation, a take profit 1 % away. */
async function open(userId: number, code: string, side: Side, leverage: number, rate: string) {
  const i = tradable(code);
  const p = i.precision;
  const quote = quoteOf(toUnits(defined(i.last, `${code}'s tick`).price, p), i.spreadTenthsBps);
  const reference = closePriceOf(side, quote);
  const liquidation = liquidationPriceOf(
    side,
    openPriceOf(side, quote),
    leverage,
    percentToRate(rate),
  );
  const stopLoss = (reference + liquidation) / 2n;
  const takeProfit = side === 'long' ? (reference * 101n) / 100n : (reference * 99n) / 100n;
  const spec = defined(contractSpecOf(i), `${code}'s contract`);
  return contracts.open(userId, 'demo', {
    key: requestKey(),
    instrumentId: i.id,
    type: 'market',
    side,
    lots: fromUnits(spec.lotMin, 3),
    leverage,
    stopLoss: fromUnits(stopLoss, p),
    takeProfit: fromUnits(takeProfit, p),
  });
}

async function setRate(value: string) {
  const admin = await staffSession(server, 'admin');
  const res = await server.call('POST', `${ADMIN}/setParam`, {
    token: admin.token,
    body: { key: 'maintenance_margin_rate', value, reason: 'Leverage test' },
  });
  expect(res.code).toBe(200);
}

describe('offered leverages', () => {
  it('every offered leverage opens, long and short, on every instrument kind', async () => {
    for (const i of firstOfEachKind) {
      const offered = await contractInfo(i.code);
      expect(offered.leverages.length).toBeGreaterThan(0);
      const user = await quickUser(server);
      await server.modules.trading.fundDemo(user.id);
      for (const leverage of offered.leverages) {
        for (const side of ['long', 'short'] as const) {
          const order = await open(user.id, i.code, side, leverage, offered.maintenanceRate);
          expect(order, `${i.code} x${leverage} ${side}`).toMatchObject({ status: 'open' });
        }
      }
    }
  }, 60_000);

  it('offers on every instrument only leverages whose liquidation lies past the price', async () => {
    for (const i of withSpec) {
      const offered = await contractInfo(i.code);
      const spec = defined(contractSpecOf(i), `${i.code}'s contract`);
      for (const leverage of spec.leverages) {
        const usable = leverage * Number(offered.maintenanceRate) < 100;
        expect(offered.leverages.includes(leverage), `${i.code} x${leverage}`).toBe(usable);
      }
    }
  });

  it('x200 forex is not offered at 0.5 % and answers 10016; at 0.4 % it opens', async () => {
    const eur = tradable('EURUSD');
    expect((await info.of(eur.id)).contract?.leverages).toEqual([10, 20, 50, 100]);
    const user = await quickUser(server);
    await server.modules.trading.fundDemo(user.id);
    await expect(open(user.id, 'EURUSD', 'long', 200, '0.5')).rejects.toMatchObject({
      code: 10016,
    });
    await setRate('0.4');
    try {
      expect((await info.of(eur.id)).contract?.leverages).toEqual([10, 20, 50, 100, 200]);
      await expect(open(user.id, 'EURUSD', 'short', 200, '0.4')).resolves.toMatchObject({
        status: 'open',
      });
    } finally {
      await setRate('0.5');
    }
  });
});
