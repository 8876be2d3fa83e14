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
 * Key rotation (docs/files.md): wraps every file's data key again under the keyring's current
 * master key, in batches of `batch` files per transaction, walking the ids in order so each
 * file is visited once. Only the 60-byte wrapped key changes; the content and its data key stay.
 * Rows locked by another writer are skipped (and counted by the next run). Once it reports
 * nothing missing and no file is under an old key, the old key can leave FILES_MASTER_KEYS.
 */
export async function rewrapAll(
  db: Database,
  keyring: Keyring,
  batch = REWRAP_BATCH,
): Promise<RewrapReport> {
  const report: RewrapReport = { rewrapped: 0, missing: {} };
  const current = keyring.current.id;
  let after = '';
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const found = await tx.query<{ id: string; master_key_id: string; wrapped_key: Uint8Array }>(
        `select id, master_key_id, wrapped_key from files
          where master_key_id <> $1 and id > $2 order by id limit $3 for update skip locked`,
        [current, after, batch],
      );
      for (const row of found) {
        if (!keyring.has(row.master_key_id)) {
          report.missing[row.master_key_id] = (report.missing[row.master_key_id] ?? 0) + 1;
          continue;
        }
        const wrapped = Buffer.from(row.wrapped_key);
        const next = rewrap(keyring, row.id, {
          masterKeyId: row.master_key_id,
          wrappedKey: wrapped,
        });
        await tx.query('update files set master_key_id = $2, wrapped_key = $3 where id = $1', [
          row.id,
          next.masterKeyId,
          next.wrappedKey,
        ]);
        report.rewrapped += 1;
      }
      return found;
    });
    const last = rows.at(-1);
    if (last === undefined || rows.length < batch) return report;
    after = last.id;
  }
}
