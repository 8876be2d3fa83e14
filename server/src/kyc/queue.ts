import type { z } from 'zod';
import type { kycQueueQuery } from '../../../contract/kyc/schemas.ts';
import type { Database } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import type { OnceJob } from '../platform/jobs/jobs.ts';
import { kycDocumentKind, kycSignatureKind } from './files.ts';
import { COLUMNS, toItem, type SubmissionRow } from './rows.ts';

/** Submissions by status, oldest first (pending) or newest first (decided). */
export async function queueOf(db: Database, q: z.infer<typeof kycQueueQuery>) {
  const order = q.status === 'pending' ? 'k.submitted_at, k.id' : 'k.decided_at desc, k.id desc';
  const rows = await db.query<SubmissionRow>(
    `select ${COLUMNS} from kyc_submissions k where k.status = $1
      order by ${order} limit $2 offset $3`,
    [q.status, q.size, (q.page - 1) * q.size],
  );
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from kyc_submissions where status = $1',
    [q.status],
  );
  return { list: rows.map(toItem), total: count?.n ?? 0 };
}

/** Submissions whose documents one run deletes at most: a backlog goes over several days. */
const RETENTION_BATCH = 500;

/**
 * Daily: the documents of submissions decided more than `kyc_retention_days` ago are deleted
 * (the files and their references); the decision and the data stay. Once per day, exactly.
 */
export function retentionJob(files: Files, days: () => Promise<string>): OnceJob<number> {
  return {
    name: 'kyc.retention',
    schedule: { every: 'day', timeZone: 'UTC' },
    missed: 'latest',
    prepare: async () => Number(await days()),
    async runInTx(tx, slot, keep) {
      const before = new Date(slot.start - keep * 86_400_000);
      const rows = await tx.query<{ id: number; photos: string[]; signature: string | null }>(
        `select id, array_remove(array[front_id, back_id, selfie_id], null) as photos,
                signature_id as signature
           from kyc_submissions
          where decided_at < $1 and documents_deleted_at is null
          order by decided_at limit $2 for no key update`,
        [before, RETENTION_BATCH],
      );
      if (rows.length === 0) return { submissions: 0, files: 0 };
      const ids = rows.map((r) => r.id);
      await tx.query(
        `update kyc_submissions set documents_deleted_at = now(), front_id = null, back_id = null,
                selfie_id = null, signature_id = null
          where id = any($1::bigint[])`,
        [ids],
      );
      const photos = rows.flatMap((r) => r.photos);
      const signatures = rows.flatMap((r) => (r.signature === null ? [] : [r.signature]));
      // A file a later submission still names stays (a part accepted and sent again): only
      // the submissions that name one of these files are read.
      const stillUsed = new Set(
        (
          await tx.query<{ id: string }>(
            `select unnest(array[front_id, back_id, selfie_id, signature_id]) as id
               from kyc_submissions
              where documents_deleted_at is null
                and array[front_id, back_id, selfie_id, signature_id] && $1::text[]`,
            [[...photos, ...signatures]],
          )
        ).map((r) => r.id),
      );
      const gone =
        (await files.remove(
          tx,
          kycDocumentKind.kind,
          photos.filter((f) => !stillUsed.has(f)),
        )) +
        (await files.remove(
          tx,
          kycSignatureKind.kind,
          signatures.filter((f) => !stillUsed.has(f)),
        ));
      return { submissions: rows.length, files: gone };
    },
  };
}
