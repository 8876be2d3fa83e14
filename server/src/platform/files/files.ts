import { randomBytes } from 'node:crypto';
import type { Staff } from '../../../../contract/admin/schemas.ts';
import { Code } from '../../../../contract/errors.ts';
import type { FileView } from '../../../../contract/files/schemas.ts';
import { assert } from '../../assert.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { AppError } from '../../errors.ts';
import type { Database, Queryable, Tx } from '../db/database.ts';
import { cleanImage, type StoredMime } from './clean-image.ts';
import { open, seal, type Keyring, type Sealed } from './envelope.ts';
import type { FileKinds } from './kinds.ts';

/** Who asks to read a file: a signed-in person, or a member of staff. */
export type FileReader = { userId: number } | { staff: Staff };

export interface ServedFile {
  id: string;
  kind: string;
  mime: StoredMime;
  bytes: Buffer;
}

export interface NewFile {
  owner: number;
  /** A kind some capability declared (FileKinds); any other is refused before anything runs. */
  kind: string;
  /** The upload as received: checked, re-encoded and sealed here. */
  bytes: Uint8Array;
}

interface FileRow {
  id: string;
  owner_id: number | string;
  kind: string;
  mime: StoredMime;
  master_key_id: string;
  wrapped_key: Uint8Array;
  iv: Uint8Array;
  tag: Uint8Array;
  ciphertext: Uint8Array;
}

/** The audit action of a staff read (viewsOf reads these back). */
export const FILE_VIEW_ACTION = 'files.view';
/** How many staff reads viewsOf lists at most, newest first. */
const VIEWS_MAX = 500;

/** bytea comes back as a Buffer from pg and as a Uint8Array from PGlite. */
function buf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function notFound(): AppError {
  return new AppError(Code.notFound, null, 404);
}

/**
 * The files kernel (docs/files.md): uploads of any capability's declared kinds, checked and
 * re-encoded (clean-image.ts), stored encrypted in the database (envelope.ts) and served only
 * to their owner and to the staff roles their kind names, each staff read in the audit log.
 */
export class Files {
  constructor(
    private readonly db: Database,
    readonly keyring: Keyring,
    readonly kinds: FileKinds,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Checks, re-encodes, seals and stores one upload; returns its new id. `within` runs in the
   * insert's transaction, before it (a capability's own bound, such as unused uploads per
   * person): a refusal there stores nothing. The image work runs before the transaction.
   */
  async store(file: NewFile, within?: (tx: Tx) => Promise<void>): Promise<string> {
    const kind = this.kinds.of(file.kind);
    if (file.bytes.length === 0) throw new AppError(kind.missingCode);
    if (file.bytes.length > kind.bytesMax) throw new AppError(Code.imageTooLarge, null, 413);
    const clean = await cleanImage(file.bytes);
    const id = randomBytes(16).toString('hex');
    await this.db.transaction(async (tx) => {
      await within?.(tx);
      await this.insert(tx, { id, owner: file.owner, kind: kind.kind, ...clean });
    });
    return id;
  }

  /**
   * Seals and writes an image already re-encoded, under an id the caller chose (files moved
   * from an older store keep the ids their rows already name). Not for uploads: use `store`.
   */
  async insert(
    tx: Queryable,
    file: { id: string; owner: number; kind: string; mime: StoredMime; bytes: Buffer },
    createdAt?: Date,
  ): Promise<void> {
    this.kinds.of(file.kind);
    const s = seal(this.keyring, file.id, file.bytes);
    await tx.query(
      `insert into files (id, owner_id, kind, mime, bytes, master_key_id, wrapped_key, iv, tag,
         ciphertext, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()))`,
      [
        file.id,
        file.owner,
        file.kind,
        file.mime,
        file.bytes.length,
        s.masterKeyId,
        s.wrappedKey,
        s.iv,
        s.tag,
        s.ciphertext,
        createdAt?.toISOString() ?? null,
      ],
    );
  }

  /** Whether `reader` may read a file of `row`'s kind and owner. */
  private mayRead(row: FileRow, reader: FileReader): boolean {
    if ('userId' in reader) return Number(row.owner_id) === reader.userId;
    const kind = this.kinds.find(row.kind);
    return kind !== undefined && kind.staffRoles.includes(reader.staff.role);
  }

  /**
   * The file, decrypted, for its owner or for staff whose role its kind names; anyone else, a
   * file of another kind than `onlyKind`, and an id that does not exist all get the same 10101
   * (HTTP 404). A staff read is written to the audit log in the same transaction.
   */
  async read(id: string, reader: FileReader, onlyKind?: string): Promise<ServedFile> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<FileRow>(
        `select id, owner_id, kind, mime, master_key_id, wrapped_key, iv, tag, ciphertext
           from files where id = $1`,
        [id],
      );
      if (row === undefined || !this.mayRead(row, reader)) throw notFound();
      if (onlyKind !== undefined && row.kind !== onlyKind) throw notFound();
      const sealed: Sealed = {
        masterKeyId: row.master_key_id,
        wrappedKey: buf(row.wrapped_key),
        iv: buf(row.iv),
        tag: buf(row.tag),
        ciphertext: buf(row.ciphertext),
      };
      const bytes = open(this.keyring, row.id, sealed);
      if ('staff' in reader) {
        await this.audit.append(tx, reader.staff, {
          action: FILE_VIEW_ACTION,
          target: `file:${row.id}`,
          after: { owner: Number(row.owner_id), kind: row.kind, role: reader.staff.role },
        });
      }
      assert(bytes.length === row.ciphertext.length, 'GCM keeps the length');
      return { id: row.id, kind: row.kind, mime: row.mime, bytes };
    });
  }

  /** Whether every id is a file of `owner` of kind `kind` (a capability about to refer to it). */
  async allOwned(tx: Queryable, owner: number, kind: string, ids: readonly string[]) {
    if (ids.length === 0) return true;
    const [row] = await tx.query<{ n: number }>(
      `select count(*)::int as n from files
        where id = any($1::text[]) and owner_id = $2 and kind = $3`,
      [[...new Set(ids)], owner, kind],
    );
    return row?.n === new Set(ids).size;
  }

  /** Deletes files of `kind` (a retention period past); answers how many went. */
  async remove(tx: Queryable, kind: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx.query(
      'delete from files where id = any($1::text[]) and kind = $2 returning id',
      [[...ids], kind],
    );
    return rows.length;
  }

  /** Who of the staff read this person's files and when, newest first (KYC shows it to them). */
  async viewsOf(userId: number): Promise<FileView[]> {
    const rows = await this.db.query<{
      target: string;
      kind: string;
      role: FileView['staffRole'];
      username: string | null;
      at: Date | string;
    }>(
      `select l.target, l.after ->> 'kind' as kind, l.after ->> 'role' as role,
              s.username, l.at
         from audit_log l left join staff s on s.id = l.staff_id
        where l.action = $1 and l.after ->> 'owner' = $2
        order by l.id desc limit $3`,
      [FILE_VIEW_ACTION, String(userId), VIEWS_MAX],
    );
    return rows.map((r) => ({
      fileId: r.target.replace(/^file:/, ''),
      kind: r.kind,
      staffUsername: r.username,
      staffRole: r.role,
      at: new Date(r.at).toISOString(),
    }));
  }
}
