import type { StaffRole } from '../../../../contract/admin/schemas.ts';
import type { CodeValue } from '../../../../contract/errors.ts';
import { assert } from '../../assert.ts';

/**
 * A kind of file a capability stores, declared in its own folder (funds/files.ts): who of the
 * staff may read one, how large an upload may be, and the code a missing upload answers.
 */
export interface FileKind {
  /** `<capability>.<name>`: the capability's folder name first, so kinds of two cannot clash. */
  readonly kind: string;
  /** Staff roles that may read a file of this kind (each read is audited); the owner always may. */
  readonly staffRoles: readonly StaffRole[];
  /** Largest upload, in bytes (SPEC §5: 2 MB for images). */
  readonly bytesMax: number;
  /** The catalogue code of an upload without a file. */
  readonly missingCode: CodeValue;
}

const KIND = /^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$/;
/** The upload ceiling any kind may declare: the multipart parser's own limit (http/app.ts). */
export const FILE_BYTES_MAX = 50 * 1024 * 1024;

/** The kinds every capability declared, merged where the server is composed. */
export class FileKinds {
  private readonly byName: ReadonlyMap<string, FileKind>;

  constructor(kinds: readonly FileKind[]) {
    for (const k of kinds) {
      assert(KIND.test(k.kind), `file kind "${k.kind}" is <capability>.<name>`);
      assert(k.bytesMax > 0 && k.bytesMax <= FILE_BYTES_MAX, `file kind "${k.kind}": bytesMax`);
    }
    this.byName = new Map(kinds.map((k) => [k.kind, k]));
    assert(this.byName.size === kinds.length, 'file kinds are declared once each');
  }

  /** The declaration of `kind`; an undeclared kind is a programming error, never stored. */
  of(kind: string): FileKind {
    const found = this.byName.get(kind);
    assert(found !== undefined, `file kind "${kind}" is not declared`);
    return found;
  }

  /** The declaration of a stored row's kind, when this server still declares it. */
  find(kind: string): FileKind | undefined {
    return this.byName.get(kind);
  }
}
