import type { FastifyInstance } from 'fastify';
import { routes } from '../../../../contract/routes.ts';
import type { Services } from '../../services.ts';
import { registerRoute } from '../register-route.ts';

export function nftRoutes(app: FastifyInstance, s: Services): void {
  registerRoute(app, s, routes.listNft, async () => ({ list: await s.nfts.list() }));
}
