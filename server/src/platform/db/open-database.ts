import { readFile } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { withCommitHooks, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite; migrated before it is returned. */
export async function openDatabase(config: Config): Promise<Database> {
  const memory = config.PGLITE_STORAGE === 'memory';
  const template =
    memory && config.PGLITE_TEMPLATE !== undefined
      ? new Blob([await readFile(config.PGLITE_TEMPLATE)])
      : undefined;
  const db = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(memory ? 'memory' : config.DATA_DIR, template);
  await migrate(db);
  return withCommitHooks(db);
}
