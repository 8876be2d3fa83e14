import { ConfigError, loadConfig } from './platform/config.ts';
import { createServer } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  const shutdown = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.app.listen({ host: config.HOST, port: config.PORT });
  console.info(
    `Kestrel Markets on ${config.PUBLIC_URL} (database: ${server.db.kind}, API docs: /docs` +
      `${config.DEV_OUTBOX_ROUTE ? ', outbox: /dev/outbox' : ''})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
