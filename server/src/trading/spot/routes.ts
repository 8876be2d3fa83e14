import { routes } from '../../../../contract/routes.ts';
import type { Registrar } from '../../http/register-route.ts';
import type { MakerSettingsAdmin } from './maker-settings.ts';
import type { Spot } from './service.ts';

/** Spot trading's calls (docs/spot.md), and the back office's market maker settings. */
export function spotRoutes(r: Registrar, spot: Spot, makers: MakerSettingsAdmin): void {
  r.route(routes.listSpotPairs, async () => ({ list: await spot.pairs() }));
  r.route(routes.getSpotBook, async ({ params }, ctx) => spot.bookOf(ctx.book, params.code));
  r.route(routes.submit, async ({ body }, ctx) => spot.submit(ctx.session.userId, ctx.book, body));
  r.route(routes.chedan, async ({ body }, ctx) =>
    spot.cancel(ctx.session.userId, ctx.book, body.id),
  );
  r.route(routes.listBbOrder, async ({ query }, ctx) =>
    spot.list(ctx.session.userId, ctx.book, query),
  );
  r.route(routes.getBbOrderById, async ({ params }, ctx) =>
    spot.get(ctx.session.userId, ctx.book, params.id),
  );
  r.route(routes.listSpotMakers, async () => makers.list());
  r.route(routes.setSpotMaker, async ({ body }, ctx) => makers.set(ctx.staff, body));
}
