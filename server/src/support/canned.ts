import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { SUPPORT_LIMITS } from '../../../contract/support/schemas.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Database } from '../platform/db/database.ts';

interface CannedRow {
  id: number;
  title: string;
  body: string;
}

/** Canned answers, kept by admins (each change audited with its reason). */
export class CannedAnswers {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<{ id: number; title: string; text: string }[]> {
    const rows = await this.db.query<CannedRow>(
      `select id::int, title, body from support_canned where removed_at is null
        order by title, id limit $1`,
      [SUPPORT_LIMITS.cannedMax],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, text: r.body }));
  }

  async save(staff: Staff, body: { id?: number; title: string; text: string; reason: string }) {
    await this.db.transaction(async (tx) => {
      if (body.id === undefined) {
        const [count] = await tx.query<{ n: number }>(
          'select count(*)::int as n from support_canned where removed_at is null',
        );
        if ((count?.n ?? 0) >= SUPPORT_LIMITS.cannedMax) throw new AppError(Code.paramWrong);
      }
      const [before] =
        body.id === undefined
          ? []
          : await tx.query<CannedRow>(
              'select id::int, title, body from support_canned where id = $1 and removed_at is null for update',
              [body.id],
            );
      if (body.id !== undefined && before === undefined) throw new AppError(Code.notFound);
      const [after] = await tx.query<{ id: number }>(
        body.id === undefined
          ? 'insert into support_canned (title, body, created_by) values ($1, $2, $3) returning id::int'
          : `update support_canned set title = $1, body = $2, updated_at = now()
              where id = $4 and $3::bigint is not null returning id::int`,
        body.id === undefined
          ? [body.title, body.text, staff.id]
          : [body.title, body.text, staff.id, body.id],
      );
      await this.audit.append(tx, staff, {
        action: body.id === undefined ? 'support.canned.add' : 'support.canned.change',
        target: `support-canned:${after?.id}`,
        before: before === undefined ? undefined : { title: before.title, text: before.body },
        after: { title: body.title, text: body.text },
        reason: body.reason,
      });
    });
    return this.list();
  }

  async remove(staff: Staff, body: { id: number; reason: string }) {
    await this.db.transaction(async (tx) => {
      const [removed] = await tx.query<CannedRow>(
        `update support_canned set removed_at = now() where id = $1 and removed_at is null
         returning id::int, title, body`,
        [body.id],
      );
      if (removed === undefined) throw new AppError(Code.notFound);
      await this.audit.append(tx, staff, {
        action: 'support.canned.remove',
        target: `support-canned:${removed.id}`,
        before: { title: removed.title, text: removed.body },
        reason: body.reason,
      });
    });
    return this.list();
  }
}
