import type { z } from 'zod';
import type * as admin from '../../../contract/admin/schemas.ts';
import { EDITABLE_PARAMS, type Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Database } from '../platform/db/database.ts';
import { PARAMS } from '../../../contract/params.ts';

/** The parameters staff may edit, each change audited in the transaction that makes it. */
export class ParamSettings {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  async listParams() {
    const rows = await this.db.query<{
      key: (typeof EDITABLE_PARAMS)[number];
      value: string;
      updated_at: Date;
    }>('select key, value, updated_at from params where key = any($1) order by key', [
      EDITABLE_PARAMS,
    ]);
    return {
      list: rows.map((r) => ({
        key: r.key,
        value: r.value,
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    };
  }

  async setParam(staff: Staff, body: z.output<typeof admin.setParamBody>) {
    if (!PARAMS[body.key].rule(body.value)) throw new AppError(Code.paramWrong, { field: 'value' });
    return this.db.transaction(async (tx) => {
      const [old] = await tx.query<{ value: string }>(
        'select value from params where key = $1 for update',
        [body.key],
      );
      const [row] = await tx.query<{
        key: (typeof EDITABLE_PARAMS)[number];
        value: string;
        updated_at: Date;
      }>(
        `insert into params (key, value, updated_at) values ($1, $2, now())
         on conflict (key) do update set value = excluded.value, updated_at = now()
         returning key, value, updated_at`,
        [body.key, body.value],
      );
      if (row === undefined) throw new Error('param upsert returned no row');
      await this.audit.append(tx, staff, {
        action: 'param.set',
        target: `param:${body.key}`,
        before: { value: old?.value ?? null },
        after: { value: body.value },
        reason: body.reason,
      });
      return { key: row.key, value: row.value, updatedAt: new Date(row.updated_at).toISOString() };
    });
  }
}
