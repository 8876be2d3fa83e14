import type { z } from 'zod';
import type {
  MakerSettingsItem,
  setMakerSettingsBody,
  Staff,
} from '../../../../contract/admin/schemas.ts';
import { Code } from '../../../../contract/errors.ts';
import { assert } from '../../assert.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { AppError } from '../../errors.ts';
import { scaleOf } from '../../money/assets.ts';
import { trimDecimal } from '../../money/amounts.ts';
import { toUnits } from '../../money/decimal.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import type { MakerSettings } from './maker.ts';

interface Row {
  code: string;
  base: string;
  quote: string;
  mm_levels: number;
  mm_spread_bps: number;
  mm_step_bps: number;
  mm_level_value: string;
}

const COLUMNS = `code, base, quote, mm_levels, mm_spread_bps, mm_step_bps, mm_level_value::text`;

function item(r: Row): MakerSettingsItem {
  return {
    code: r.code,
    symbol: `${r.base}/${r.quote}`,
    quote: r.quote,
    levels: Number(r.mm_levels),
    spreadBps: Number(r.mm_spread_bps),
    stepBps: Number(r.mm_step_bps),
    levelValue: trimDecimal(r.mm_level_value),
  };
}

/** What a change moves, for the audit log. */
const figures = ({ levels, spreadBps, stepBps, levelValue }: MakerSettingsItem) => ({
  levels,
  spreadBps,
  stepBps,
  levelValue,
});

/**
 * Every enabled pair's market maker settings, as the leader's maker reads them each round: a
 * change staff make on any node applies at the next round.
 */
export async function loadMakerSettings(db: Queryable): Promise<Map<string, MakerSettings>> {
  const rows = await db.query<Row>(`select ${COLUMNS} from spot_pairs where enabled`);
  return new Map(
    rows.map((r) => {
      const scale = scaleOf(r.quote);
      assert(scale !== undefined, () => `pair ${r.code} quote coin`);
      const settings: MakerSettings = {
        levels: Number(r.mm_levels),
        spreadBps: Number(r.mm_spread_bps),
        stepBps: Number(r.mm_step_bps),
        levelValue: toUnits(trimDecimal(r.mm_level_value), scale),
      };
      return [r.code, settings];
    }),
  );
}

/** The market maker's settings as staff see and change them, each change audited with it. */
export class MakerSettingsAdmin {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<{ list: MakerSettingsItem[] }> {
    const rows = await this.db.query<Row>(
      `select ${COLUMNS} from spot_pairs where enabled order by sort, code`,
    );
    return { list: rows.map(item) };
  }

  async set(staff: Staff, body: z.output<typeof setMakerSettingsBody>): Promise<MakerSettingsItem> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx.query<Row>(
        `select ${COLUMNS} from spot_pairs where code = $1 and enabled for update`,
        [body.code],
      );
      if (old === undefined) throw new AppError(Code.spotPairWrong, { field: 'code' });
      const [row] = await tx.query<Row>(
        `update spot_pairs set mm_levels = $2, mm_spread_bps = $3, mm_step_bps = $4,
                mm_level_value = $5
          where code = $1 returning ${COLUMNS}`,
        [body.code, body.levels, body.spreadBps, body.stepBps, body.levelValue],
      );
      assert(row !== undefined, () => `pair ${body.code} vanished`);
      const after = item(row);
      await this.audit.append(tx, staff, {
        action: 'spot.maker.set',
        target: `spot-pair:${body.code}`,
        before: figures(item(old)),
        after: figures(after),
        reason: body.reason,
      });
      return after;
    });
  }
}
