import type { AuditEntry, Staff } from '../../../contract/admin/schemas.ts';
import type { Queryable } from '../platform/db/database.ts';

export interface AuditRecord {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

interface AuditRow {
  id: number;
  staff_id: number | null;
  staff_username: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  at: Date;
}

/** One export holds at most this many entries (the oldest first); docs/admin.md. */
const EXPORT_ROWS_MAX = 100_000;

const SELECT = `select l.id, l.staff_id, s.username as staff_username, l.action, l.target,
  l.before, l.after, l.reason, l.at from audit_log l left join staff s on s.id = l.staff_id`;

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    staffUsername: r.staff_username,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    reason: r.reason,
    at: new Date(r.at).toISOString(),
  };
}

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The append-only record of staff actions. Each entry is written in the same transaction as
 * the action, so an action without its entry cannot commit; the table refuses updates and
 * deletes (migration 004).
 */
export class AuditLog {
  constructor(private readonly db: Queryable) {}

  /** `staff` is null for actions of the command line (the first admin). */
  async append(tx: Queryable, staff: Staff | null, record: AuditRecord): Promise<void> {
    await tx.query(
      `insert into audit_log (staff_id, action, target, before, after, reason)
       values ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
      [
        staff?.id ?? null,
        record.action,
        record.target,
        record.before === undefined ? null : JSON.stringify(record.before),
        record.after === undefined ? null : JSON.stringify(record.after),
        record.reason ?? null,
      ],
    );
  }

  async list(page: number, size: number): Promise<{ list: AuditEntry[]; total: number }> {
    const rows = await this.db.query<AuditRow>(`${SELECT} order by l.id desc limit $1 offset $2`, [
      size,
      (page - 1) * size,
    ]);
    const [count] = await this.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    return { list: rows.map(toEntry), total: count?.n ?? 0 };
  }

  /** The whole log, oldest first, as CSV (RFC 4180). */
  async csv(): Promise<string> {
    const rows = await this.db.query<AuditRow>(`${SELECT} order by l.id limit ${EXPORT_ROWS_MAX}`);
    const header = 'id,at,staff_id,staff,action,target,before,after,reason';
    const lines = rows
      .map(toEntry)
      .map((e) =>
        [e.id, e.at, e.staffId, e.staffUsername, e.action, e.target, e.before, e.after, e.reason]
          .map(csvCell)
          .join(','),
      );
    return `${[header, ...lines].join('\r\n')}\r\n`;
  }
}
