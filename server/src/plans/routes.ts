import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Plans } from './plans.ts';
import type { PlanProducts } from './products.ts';

/** A person's smart plans, and the public product list. */
export function plansRoutes(r: Registrar, plans: Plans, products: PlanProducts): void {
  r.route(routes.listSmartProducts, async (_input, ctx) =>
    products.list({ includePaused: false, userId: ctx.session?.userId }),
  );
  r.route(routes.buySmart, async ({ body }, ctx) => plans.buy(ctx.session.userId, ctx.book, body));
  r.route(routes.exitSmart, async ({ body }, ctx) => plans.exit(ctx.session.userId, body.id));
  r.route(routes.listSmartOrder, async ({ query }, ctx) => plans.list(ctx.session.userId, query));
}

/** Products and reserves in the back office. */
export function plansAdminRoutes(r: Registrar, products: PlanProducts): void {
  r.route(routes.adminListSmartProducts, async () => products.list({ includePaused: true }));
  r.route(routes.saveSmartProduct, async ({ body }, ctx) => products.save(ctx.staff, body));
  r.route(routes.fundSmartReserve, async ({ body }, ctx) => products.fund(ctx.staff, body));
}
