import type { MarketInfo } from '../../../contract/market/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { AppError } from '../errors.ts';
import type { Registrar } from '../http/register-route.ts';
import { marketItemOf } from './market-lists.ts';
import type { MarketServices, ParamReader } from './services.ts';

const DAY_MS = 86_400_000;

/** Market lists, one market's figures, candles, home figures and the watchlist. */
export function marketRoutes(r: Registrar, s: MarketServices, params: ParamReader): void {
  const { market } = s;
  r.json(routes.listMarketByType, async ({ query }) => s.lists.page(query));

  r.route(routes.getMarketInfo, async ({ params: p }) => {
    const state = market.byInstrumentId(p.id);
    if (state === undefined) throw new AppError(Code.instrumentNotFound);
    const day = await market.day(state);
    const info: MarketInfo = {
      ...marketItemOf(market, state),
      base: state.row.base,
      quote: state.row.quote,
      high24h: day.high,
      low24h: day.low,
      volume24h: day.volume,
    };
    return info;
  });

  r.route(routes.getHomeStats, async () => ({
    ...(await market.homeStats()),
    tradingFeeRate: await params.get('trading_fee_rate'),
  }));

  r.route(routes.listWatch, async (_input, ctx) => {
    const states = await s.watchlist.list(ctx.session.userId);
    return { list: states.map((state) => marketItemOf(market, state)) };
  });
  r.route(routes.addWatch, async ({ body }, ctx) => {
    await s.watchlist.add(ctx.session.userId, body.code);
    return null;
  });
  r.route(routes.removeWatch, async ({ body }, ctx) => {
    await s.watchlist.remove(ctx.session.userId, body.code);
    return null;
  });

  r.route(routes.getKValueByCodeAndDate, async ({ query }) => {
    const state = market.byInstrumentCode(query.code);
    if (state === undefined) throw new AppError(Code.instrumentNotFound, { field: 'code' });
    const to = query.to ?? Date.now() + DAY_MS;
    const from = query.from ?? 0;
    const candles = await market.candles(state, query.timeframe, from, to, query.limit);
    return candles.map((c) => ({
      t: c.openTime,
      o: c.open,
      h: c.high,
      l: c.low,
      c: c.close,
      v: c.volume,
    }));
  });
}
