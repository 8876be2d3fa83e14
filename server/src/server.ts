import type { FastifyInstance } from 'fastify';
import { LocalBus, type Bus } from './bus/bus.ts';
import { RedisBus } from './bus/redis-bus.ts';
import type { Config } from './config.ts';
import { seedContent } from './content/seed.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { buildApp } from './http/app.ts';
import { INSTRUMENTS } from './market/instruments.ts';
import { createServices, type Services } from './services.ts';

export interface Server {
  app: FastifyInstance;
  db: Database;
  services: Services;
  close(): Promise<void>;
}

/** Boot order: config (given) -> database (migrated, seeded) -> services -> HTTP -> market feed. */
export async function createServer(config: Config): Promise<Server> {
  const db = await openDatabase(config);
  await seedContent(db);
  // REDIS_URL: the bus spans every node; otherwise it stays in this process.
  const bus: Bus = config.REDIS_URL ? await RedisBus.connect(config.REDIS_URL) : new LocalBus();
  const services = createServices(config, db, bus);
  const app = await buildApp(config, services);
  // On a shared PostgreSQL, one elected node runs the feed and records; the others follow.
  await services.market.start(INSTRUMENTS, services.simulator, config.DATABASE_URL);
  return {
    app,
    db,
    services,
    async close() {
      await app.close();
      await services.market.stop();
      await services.bus.close();
      await db.close();
    },
  };
}
