import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { ContentServices } from './services.ts';

/** The back office's parameter screen. */
export function contentAdminRoutes(r: Registrar, s: ContentServices): void {
  r.route(routes.listParams, async () => s.paramSettings.listParams());
  r.route(routes.setParam, async ({ body }, ctx) => s.paramSettings.setParam(ctx.staff, body));
}
