import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Code } from '../../../contract/errors.ts';
import { FUNDS_LIMITS } from '../../../contract/funds/schemas.ts';
import type { Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import { declaredPixels, IMAGE_PIXELS_MAX, sniffImage, type ProofMime } from './image-type.ts';

/** Uploads a person may keep unused at once, so the disk cannot be filled by one account. */
const UNUSED_PROOFS_MAX = 20;

/**
 * Deposit proof screenshots. The bytes are checked by content, stored under
 * DATA_DIR/proofs (never served by the static handler) under a random name, and only staff
 * can read them back.
 */
export class ProofStore {
  private readonly dir: string;

  constructor(
    private readonly db: Queryable,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'proofs');
  }

  async save(userId: number, bytes: Uint8Array): Promise<string> {
    if (bytes.length === 0) throw new AppError(Code.proofRequired);
    if (bytes.length > FUNDS_LIMITS.proofBytesMax) throw new AppError(Code.imageTooLarge);
    const mime = sniffImage(bytes);
    if (mime === undefined) throw new AppError(Code.imageFormatWrong);
    const pixels = declaredPixels(bytes, mime);
    if (pixels === undefined) throw new AppError(Code.imageFormatWrong);
    if (pixels > IMAGE_PIXELS_MAX) throw new AppError(Code.imagePixelsTooMany);
    const [unused] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from proofs p
        where p.user_id = $1 and not exists (select 1 from deposits d where d.proof_id = p.id)`,
      [userId],
    );
    if ((unused?.n ?? 0) >= UNUSED_PROOFS_MAX) throw new AppError(Code.tooManyRequests);
    const id = randomBytes(16).toString('hex');
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, id), bytes, { flag: 'wx', mode: 0o600 });
    await this.db.query(
      'insert into proofs (id, user_id, mime, bytes, sha256) values ($1, $2, $3, $4, $5)',
      [id, userId, mime, bytes.length, createHash('sha256').update(bytes).digest('hex')],
    );
    return id;
  }

  /** Whether `id` is an upload of `userId` not yet attached to a deposit. */
  async isUnusedOf(tx: Queryable, id: string, userId: number): Promise<boolean> {
    const [row] = await tx.query<{ id: string }>(
      `select p.id from proofs p where p.id = $1 and p.user_id = $2
          and not exists (select 1 from deposits d where d.proof_id = p.id)`,
      [id, userId],
    );
    return row !== undefined;
  }

  async read(id: string): Promise<{ mime: ProofMime; bytes: Buffer } | undefined> {
    const [row] = await this.db.query<{ mime: ProofMime }>(
      'select mime from proofs where id = $1',
      [id],
    );
    if (row === undefined) return undefined;
    return { mime: row.mime, bytes: await readFile(path.join(this.dir, id)) };
  }
}
