import type { FastifyInstance } from 'fastify';
import { routes } from '../../../../contract/routes.ts';
import type { Services } from '../../services.ts';
import { registerRoute } from '../register-route.ts';

export function indexRoutes(app: FastifyInstance, s: Services): void {
  registerRoute(app, s, routes.getParamByKey, async ({ params }) => ({
    paramValue: await s.params.get(params.key),
  }));
  registerRoute(app, s, routes.listContents, ({ params }, ctx) =>
    s.contents.list(params.type, ctx.lang),
  );
  registerRoute(app, s, routes.getContentsById, ({ params }, ctx) =>
    s.contents.get(params.id, ctx.lang),
  );
}
