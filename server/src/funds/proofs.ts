import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Code } from '../../../contract/errors.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import { lockPerson, LockSpace } from '../platform/db/advisory-locks.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { cleanImage } from '../platform/files/clean-image.ts';
import type { Files, ServedFile } from '../platform/files/files.ts';
import { AppError } from '../errors.ts';
import { depositProofKind } from './files.ts';

/** Uploads a person may keep unused at once, so the database cannot be filled by one account. */
const UNUSED_PROOFS_MAX = 20;

const UNUSED_COUNT = `select count(*)::int as n from files f
  where f.owner_id = $1 and f.kind = $2
    and not exists (select 1 from deposits d where d.proof_id = f.id)`;

/**
 * Deposit proof screenshots: files of kind 'funds.deposit-proof' in the files kernel (checked
 * by content, re-encoded, encrypted, read only by the owner and the staff roles the kind names).
 * What is funds' own: the bound on unused uploads, and moving the plaintext proofs of before.
 */
export class DepositProofs {
  constructor(
    private readonly db: Database,
    private readonly files: Files,
    private readonly dataDir: string,
  ) {}

  private async unused(q: Queryable, userId: number): Promise<number> {
    const [row] = await q.query<{ n: number }>(UNUSED_COUNT, [userId, depositProofKind.kind]);
    return row?.n ?? 0;
  }

  /**
   * Stores an uploaded proof; returns its id. A person with UNUSED_PROOFS_MAX uploads not yet
   * attached to a deposit is refused (10102): counted before the image work, and again under
   * the person's lock in the insert's transaction, so concurrent uploads cannot pass it.
   */
  async save(userId: number, bytes: Uint8Array): Promise<string> {
    if ((await this.unused(this.db, userId)) >= UNUSED_PROOFS_MAX) {
      throw new AppError(Code.tooManyRequests);
    }
    return this.files.store({ owner: userId, kind: depositProofKind.kind, bytes }, async (tx) => {
      await lockPerson(tx, LockSpace.proofUploads, userId);
      if ((await this.unused(tx, userId)) >= UNUSED_PROOFS_MAX) {
        throw new AppError(Code.tooManyRequests);
      }
    });
  }

  /** Whether `id` is a proof `userId` uploaded and no deposit uses yet. */
  async isUnusedOf(tx: Queryable, id: string, userId: number): Promise<boolean> {
    const [row] = await tx.query<{ id: string }>(
      `select f.id from files f where f.id = $1 and f.owner_id = $2 and f.kind = $3
          and not exists (select 1 from deposits d where d.proof_id = f.id)`,
      [id, userId, depositProofKind.kind],
    );
    return row !== undefined;
  }

  /** A proof for staff (the kernel checks the role and audits the read). */
  read(id: string, staff: Staff): Promise<ServedFile> {
    return this.files.read(id, { staff }, depositProofKind.kind);
  }

  /**
   * Moves the proofs stored before the files kernel (plaintext under DATA_DIR/proofs, listed in
   * `proofs`) into it under the same ids, then deletes the plaintext. Idempotent and safe to
   * run on several nodes at once (each proof row is locked while it moves); a proof whose bytes
   * are not on this node stays listed for the node that has them. Returns what it left.
   */
  async moveLegacy(): Promise<{ moved: number; left: number }> {
    const dir = path.join(this.dataDir, 'proofs');
    const rows = await this.db.query<{ id: string }>('select id from proofs order by id');
    let moved = 0;
    for (const { id } of rows) {
      const bytes = await readFile(path.join(dir, id)).catch(() => undefined);
      if (bytes !== undefined && (await this.moveOne(id, bytes))) moved += 1;
    }
    await this.dropMovedPlaintext(dir);
    const [left] = await this.db.query<{ n: number }>('select count(*)::int as n from proofs');
    // Every deposit's proof is a file now: the reference can be checked for the old rows too.
    if (left?.n === 0) {
      await this.db.query('alter table deposits validate constraint deposits_proof_file');
    }
    return { moved, left: left?.n ?? 0 };
  }

  private async moveOne(id: string, bytes: Buffer): Promise<boolean> {
    let clean;
    try {
      clean = await cleanImage(bytes);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Checked when it was uploaded, so this should not happen; kept in place for a person.
      console.warn(`deposit proof ${id} (DATA_DIR/proofs) cannot be re-encoded: left as it is`);
      return false;
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: number | string; created_at: Date | string }>(
        'select user_id, created_at from proofs where id = $1 for update',
        [id],
      );
      if (row === undefined) return false; // moved by another node meanwhile
      const file = { id, owner: Number(row.user_id), kind: depositProofKind.kind, ...clean };
      await this.files.insert(tx, file, new Date(row.created_at));
      await tx.query('delete from proofs where id = $1', [id]);
      return true;
    });
  }

  /** Deletes plaintext proofs already in the files kernel (also after a stop between the two). */
  private async dropMovedPlaintext(dir: string): Promise<void> {
    const names = (await readdir(dir).catch(() => [])).filter((n) => /^[0-9a-f]{32}$/.test(n));
    if (names.length === 0) return;
    const stored = await this.db.query<{ id: string }>(
      `select f.id from files f where f.id = any($1::text[])
          and not exists (select 1 from proofs p where p.id = f.id)`,
      [names],
    );
    for (const { id } of stored) await rm(path.join(dir, id), { force: true });
    await rmdir(dir).catch(() => undefined); // only when empty
  }
}
