import { routes } from '../../../contract/routes.ts';
import { fromUnits } from '../money/decimal.ts';
import type { Registrar } from '../http/register-route.ts';
import { USDT_SCALE } from '../../../contract/trading/formulas.ts';
import type { TradingServices } from './services.ts';

/** Contracts, options and the figures around them (docs/trading.md). */
export function tradingRoutes(r: Registrar, s: TradingServices): void {
  r.route(routes.getTradingInfo, async ({ params }) => s.info.of(params.id));
  r.route(routes.buyU, async ({ body }, ctx) => {
    if (ctx.book === 'demo') await s.fundDemo(ctx.session.userId);
    return s.contracts.open(ctx.session.userId, ctx.book, body);
  });
  r.route(routes.stopU, async ({ body }, ctx) =>
    s.contracts.stop(ctx.session.userId, ctx.book, body.id),
  );
  r.route(routes.updateU, async ({ body }, ctx) =>
    s.contracts.update(ctx.session.userId, ctx.book, body),
  );
  r.route(routes.listUOrder, async ({ query }, ctx) =>
    s.contracts.list(ctx.session.userId, ctx.book, query),
  );
  r.route(routes.getUOrderById, async ({ params }, ctx) =>
    s.contracts.get(ctx.session.userId, ctx.book, params.id),
  );
  r.route(routes.buyOptions, async ({ body }, ctx) => {
    if (ctx.book === 'demo') await s.fundDemo(ctx.session.userId);
    return s.options.buy(ctx.session.userId, ctx.book, body);
  });
  r.route(routes.listOptionsOrder, async ({ query }, ctx) =>
    s.options.list(ctx.session.userId, ctx.book, query),
  );
  r.route(routes.getOptionsOrderById, async ({ params }, ctx) =>
    s.options.get(ctx.session.userId, ctx.book, params.id),
  );
  r.route(routes.getProfitTotal, async (_input, ctx) => {
    const user = ctx.session.userId;
    const [{ profit, fees, openFees }, options] = await Promise.all([
      s.contracts.totals(user, ctx.book),
      s.options.result(user, ctx.book),
    ]);
    const usdt = (v: bigint) => fromUnits(v, USDT_SCALE);
    return {
      book: ctx.book,
      contracts: usdt(profit),
      fees: usdt(fees),
      openFees: usdt(openFees),
      options: usdt(options),
      total: usdt(profit - fees + options),
    };
  });
}
