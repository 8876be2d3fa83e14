import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { keyringOf, newMasterKeyEntry } from './platform/files/master-keys.ts';
import { FILES_TABLE, filesPerMasterKey, rewrapAll } from './platform/files/rotate.ts';
import { TOTP_SECRETS } from './security/sealed.ts';

const USAGE = `Usage (docs/files.md, "Rotating the master key"):
  npm run files-keys -- --new ID     print a new master key entry "ID:base64" for FILES_MASTER_KEYS
  npm run files-keys -- --status     files per master key id
  npm run files-keys -- --rewrap     wrap every data key again under the first key of FILES_MASTER_KEYS`;

/**
 * The master keys' command line. `--rewrap` reads the same configuration as the server (stop the
 * server first on the embedded database: PGlite allows one process; on PostgreSQL it may run
 * beside the nodes).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      new: { type: 'string' },
      status: { type: 'boolean' },
      rewrap: { type: 'boolean' },
    },
  });
  if (values.new !== undefined) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(values.new)) throw new ConfigError(USAGE);
    console.info(newMasterKeyEntry(values.new));
    return;
  }
  if (values.status !== true && values.rewrap !== true) throw new ConfigError(USAGE);
  const config = loadConfig();
  const keyring = await keyringOf(config);
  const db = await openDatabase(config);
  try {
    if (values.rewrap === true) {
      // Every table sealed under the master keys: the files and the authenticator secrets.
      const report = await rewrapAll(db, keyring, undefined, [FILES_TABLE, TOTP_SECRETS]);
      console.info(`Rewrapped ${report.rewrapped} data keys under "${keyring.current.id}".`);
      for (const [id, n] of Object.entries(report.missing)) {
        console.error(`${n} rows are under "${id}", which FILES_MASTER_KEYS no longer holds.`);
      }
    }
    console.info(JSON.stringify(await filesPerMasterKey(db)));
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
