import type { Database } from '../db/database.ts';
import { rewrap, type Keyring } from './envelope.ts';

export interface RewrapReport {
  /** Data keys wrapped again under the current master key. */
  rewrapped: number;
  /** Files still under a master key that is no longer configured, by key id (unreadable). */
  missing: Record<string, number>;
}

/** Files rewrapped per transaction: each batch commits on its own, so a stop loses no work. */
export const REWRAP_BATCH = 200;

/** Files under each master key id (the CLI's `--status`). */
export async function filesPerMasterKey(db: Database): Promise<Record<string, number>> {
  const rows = await db.query<{ master_key_id: string; n: number }>(
    'select master_key_id, count(*)::int as n from files group by master_key_id order by 1',
  );
  return Object.fromEntries(rows.map((r) => [r.master_key_id, r.n]));
}

/**
 * A table whose rows are sealed under the master keys (platform/files envelope): the files,
 * and what a capability seals like a file (security's authenticator secrets). `sealedId` is
 * the id the row's keys are bound to.
 */
export interface SealedTable {
  table: string;
  key: string;
  sealedId(key: string): string;
}

export const FILES_TABLE: SealedTable = { table: 'files', key: 'id', sealedId: (id) => id };

/**
 * Key rotation (docs/files.md): wraps every sealed row's data key again under the keyring's
 * current master key, in batches of `batch` rows per transaction. Only the 60-byte wrapped key
 * changes; the content and its data key stay. Rows locked by another writer are skipped (and
 * counted by the next run); rows under a key the keyring no longer holds are counted as
 * missing. Once it reports nothing missing and no row is under an old key, the old key can
 * leave FILES_MASTER_KEYS.
 */
export async function rewrapAll(
  db: Database,
  keyring: Keyring,
  batch = REWRAP_BATCH,
  tables: readonly SealedTable[] = [FILES_TABLE],
): Promise<RewrapReport> {
  const report: RewrapReport = { rewrapped: 0, missing: {} };
  for (const table of tables) {
    const missing = await db.query<{ master_key_id: string; n: number }>(
      `select master_key_id, count(*)::int as n from ${table.table}
        where not (master_key_id = any($1)) group by master_key_id`,
      [keyring.keys.map((k) => k.id)],
    );
    for (const m of missing)
      report.missing[m.master_key_id] = (report.missing[m.master_key_id] ?? 0) + m.n;
    report.rewrapped += await rewrapTable(db, keyring, batch, table);
  }
  return report;
}

/** One table's rows under an old key that the keyring holds, a batch per transaction. */
async function rewrapTable(
  db: Database,
  keyring: Keyring,
  batch: number,
  t: SealedTable,
): Promise<number> {
  const current = keyring.current.id;
  const old = keyring.keys.map((k) => k.id).filter((id) => id !== current);
  let rewrapped = 0;
  // Bounded: each pass rewraps every row it found, so no row is found twice.
  for (let pass = 0; pass < 1_000_000; pass++) {
    const found = await db.transaction(async (tx) => {
      const rows = await tx.query<{ key: string; master_key_id: string; wrapped_key: Uint8Array }>(
        `select ${t.key}::text as key, master_key_id, wrapped_key from ${t.table}
          where master_key_id = any($1) limit $2 for update skip locked`,
        [old, batch],
      );
      for (const row of rows) {
        const next = rewrap(keyring, t.sealedId(row.key), {
          masterKeyId: row.master_key_id,
          wrappedKey: Buffer.from(row.wrapped_key),
        });
        await tx.query(
          `update ${t.table} set master_key_id = $2, wrapped_key = $3 where ${t.key}::text = $1`,
          [row.key, next.masterKeyId, next.wrappedKey],
        );
      }
      return rows.length;
    });
    rewrapped += found;
    if (found < batch) return rewrapped;
  }
  throw new Error(`rewrap of ${t.table} did not finish`);
}
