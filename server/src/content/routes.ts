import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { ContentServices } from './services.ts';

/** Parameters and help-centre content (SPEC §7 index paths). */
export function contentRoutes(r: Registrar, s: ContentServices): void {
  r.route(routes.getParamByKey, async ({ params }) => ({
    paramValue: await s.params.get(params.key),
  }));
  r.route(routes.listContents, ({ params }, ctx) => s.contents.list(params.type, ctx.lang));
  r.route(routes.getContentsById, ({ params }, ctx) => s.contents.get(params.id, ctx.lang));
}
