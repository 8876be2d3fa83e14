import {
  MANDATORY_KINDS,
  NOTICE_KINDS,
  notice as noticeSchema,
  type Notification,
  type NoticeKind,
} from '../../../contract/notifications/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { Database } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';

interface Row {
  id: number;
  body: unknown;
  created_at: Date;
  read_at: Date | null;
}

/**
 * A person's notification centre: their notices, paged or after an id, the bell's unread
 * figure, marking read, and which kinds they receive. Every statement names the person: a
 * notice of someone else is never read, counted or marked.
 */
export class NotificationCentre {
  constructor(private readonly db: Database) {}

  async list(userId: number, q: { page: number; size: number; after: number }) {
    const rows = await this.db.query<Row>(
      `select id, body, created_at, read_at from notifications
        where user_id = $1 and id > $2 order by id desc limit $3 offset $4`,
      [userId, q.after, q.size, (q.page - 1) * q.size],
    );
    const [counts] = await this.db.query<{ total: number; unread: number }>(
      `select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
         from notifications where user_id = $1 and id > $2`,
      [userId, q.after],
    );
    return {
      list: rows.flatMap((r) => toNotification(r) ?? []),
      total: counts?.total ?? 0,
      unread: counts?.unread ?? 0,
    };
  }

  async unread(userId: number): Promise<{ unread: number; lastId: number }> {
    const [row] = await this.db.query<{ unread: number; last_id: number | null }>(
      `select (select count(*)::int from notifications where user_id = $1 and read_at is null) as unread,
              (select max(id) from notifications where user_id = $1) as last_id`,
      [userId],
    );
    return { unread: row?.unread ?? 0, lastId: Number(row?.last_id ?? 0) };
  }

  /** Marks the person's own notices read; others' ids are ignored, as if they did not exist. */
  async read(userId: number, body: { ids: number[] } | { upTo: number }): Promise<number> {
    const rows =
      'ids' in body
        ? await this.db.query(
            `update notifications set read_at = now()
              where user_id = $1 and id = any($2::bigint[]) and read_at is null returning id`,
            [userId, body.ids],
          )
        : await this.db.query(
            `update notifications set read_at = now()
              where user_id = $1 and id <= $2 and read_at is null returning id`,
            [userId, body.upTo],
          );
    return rows.length;
  }

  async settings(userId: number) {
    const rows = await this.db.query<{ kind: string; enabled: boolean }>(
      'select kind, enabled from notice_settings where user_id = $1',
      [userId],
    );
    const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.kind));
    return {
      list: NOTICE_KINDS.map((kind) => {
        const mandatory = MANDATORY_KINDS.includes(kind);
        return { kind, mandatory, enabled: mandatory || !off.has(kind) };
      }),
    };
  }

  async set(userId: number, kind: NoticeKind, enabled: boolean) {
    if (!enabled && MANDATORY_KINDS.includes(kind)) {
      throw new AppError(Code.noticeRequired, { field: 'kind' });
    }
    await this.db.query(
      `insert into notice_settings (user_id, kind, enabled) values ($1, $2, $3)
       on conflict (user_id, kind) do update set enabled = $3`,
      [userId, kind, enabled],
    );
    return this.settings(userId);
  }
}

/** A stored notice as the contract has it; one that no longer parses is left out. */
function toNotification(row: Row): Notification | undefined {
  const parsed = noticeSchema.safeParse(row.body);
  if (!parsed.success) return undefined;
  return {
    id: Number(row.id),
    notice: parsed.data,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}
