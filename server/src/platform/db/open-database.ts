import type { Config } from '../config.ts';
import { withCommitHooks, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite; migrated before it is returned. */
export async function openDatabase(config: Config): Promise<Database> {
  const db = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(config.PGLITE_STORAGE === 'memory' ? 'memory' : config.DATA_DIR);
  await migrate(db);
  return withCommitHooks(db);
}
