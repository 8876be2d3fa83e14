import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { NotificationCentre } from './centre.ts';

/** The notification centre's calls: each on the caller's own notices only. */
export function notificationRoutes(r: Registrar, centre: NotificationCentre): void {
  r.route(routes.listNotification, async ({ query }, ctx) =>
    centre.list(ctx.session.userId, query),
  );
  r.route(routes.unreadNotification, async (_input, ctx) => centre.unread(ctx.session.userId));
  r.route(routes.readNotification, async ({ body }, ctx) => ({
    marked: await centre.read(ctx.session.userId, body),
  }));
  r.route(routes.listNoticeSettings, async (_input, ctx) => centre.settings(ctx.session.userId));
  r.route(routes.setNoticeSetting, async ({ body }, ctx) =>
    centre.set(ctx.session.userId, body.kind, body.enabled),
  );
}
