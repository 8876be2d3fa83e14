import type { Database } from '../platform/db/database.ts';
import type { InstrumentRow } from './market-state.ts';
import type { InstrumentSpec } from './types.ts';

/** Inserts or updates the shipped instruments, then reads every enabled one back. */
export async function syncInstruments(
  db: Database,
  specs: readonly InstrumentSpec[],
): Promise<InstrumentRow[]> {
  await db.transaction(async (tx) => {
    for (const [sort, s] of specs.entries()) {
      await tx.query(
        `insert into instruments (code, type, app_name, base, quote, precision, hours, sort)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (code) do update set type = excluded.type, app_name = excluded.app_name,
           base = excluded.base, quote = excluded.quote, precision = excluded.precision,
           hours = excluded.hours, sort = excluded.sort`,
        [s.code, s.type, s.appName, s.base, s.quote, s.precision, JSON.stringify(s.hours), sort],
      );
    }
  });
  const rows = await db.query<{
    id: number;
    code: string;
    type: number;
    app_name: string;
    base: string;
    quote: string;
    precision: number;
    hours: InstrumentRow['hours'] | string;
    sort: number;
  }>('select * from instruments where enabled order by type, sort, id');
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    type: r.type as InstrumentRow['type'],
    appName: r.app_name,
    base: r.base,
    quote: r.quote,
    precision: r.precision,
    // jsonb: an object on PostgreSQL and PGlite alike; a string only if stored as text.
    hours: typeof r.hours === 'string' ? (JSON.parse(r.hours) as InstrumentRow['hours']) : r.hours,
    sort: r.sort,
  }));
}
