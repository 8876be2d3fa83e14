import type { FastifyInstance } from 'fastify';
import { LocalBus, type Bus } from './platform/bus/bus.ts';
import { RedisBus } from './platform/bus/redis-bus.ts';
import { createStaffBody } from '../../contract/admin/schemas.ts';
import { Code } from '../../contract/errors.ts';
import { ConfigError, type Config } from './platform/config.ts';
import { seedContent } from './content/seed.ts';
import type { Database } from './platform/db/database.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { parseDepositAddresses } from './funds/funding-networks.ts';
import { buildApp } from './http/app.ts';
import { INSTRUMENTS } from './market/instruments.ts';
import { assertChainId } from './platform/chain/chain.ts';
import { createServices, type Services } from './services.ts';

export interface Server {
  app: FastifyInstance;
  db: Database;
  services: Services;
  close(): Promise<void>;
}

/** BOOTSTRAP_ADMIN_*: the first admin where no one can run the command (a fresh container, e2e). */
async function bootstrapAdmin(config: Config, services: Services): Promise<void> {
  if (config.BOOTSTRAP_ADMIN_USERNAME === '') return;
  const input = createStaffBody.safeParse({
    username: config.BOOTSTRAP_ADMIN_USERNAME,
    password: config.BOOTSTRAP_ADMIN_PASSWORD,
    role: 'admin',
  });
  if (!input.success) throw new ConfigError('BOOTSTRAP_ADMIN_USERNAME/PASSWORD: see docs/admin.md');
  try {
    await services.staff.createFirstAdmin(input.data);
  } catch (err) {
    // Another node created it at the same moment.
    if ((err as { code?: unknown }).code !== Code.usernameExists) throw err;
  }
}

/** Boot order: config (given) -> database (migrated, seeded) -> services -> HTTP -> market feed. */
export async function createServer(config: Config): Promise<Server> {
  const db = await openDatabase(config);
  await seedContent(db);
  // REDIS_URL: the bus spans every node; otherwise it stays in this process.
  const bus: Bus = config.REDIS_URL ? await RedisBus.connect(config.REDIS_URL) : new LocalBus();
  const services = createServices(config, db, bus);
  if (services.chain) await assertChainId(services.chain);
  await services.chainDeposits?.assertTokens();
  await services.networks.applyAddresses(parseDepositAddresses(config.DEPOSIT_ADDRESSES));
  await bootstrapAdmin(config, services);
  const app = await buildApp(config, services);
  // On a shared PostgreSQL, one elected node runs the feed and records; the others follow.
  await services.market.start(INSTRUMENTS, services.simulator, config.DATABASE_URL);
  services.chainDeposits?.start();
  return {
    app,
    db,
    services,
    async close() {
      services.chainDeposits?.stop();
      await app.close();
      await services.market.stop();
      await services.bus.close();
      await db.close();
    },
  };
}
