import { ASSET_SCALE } from '../../../contract/funds/schemas.ts';
import { assert } from '../assert.ts';
import type { Queryable } from '../platform/db/database.ts';

/**
 * The one source of each coin's decimals: the contract's ASSET_SCALE, which the app, the
 * amount checks and the ledger all read. The ledger's `assets` table must say the same, or a
 * stored balance would be read at another scale: `assertAssetScales` stops the start if not.
 */
export function scaleOf(asset: string): number | undefined {
  return Object.hasOwn(ASSET_SCALE, asset)
    ? ASSET_SCALE[asset as keyof typeof ASSET_SCALE]
    : undefined;
}

export async function assertAssetScales(db: Queryable): Promise<void> {
  const rows = await db.query<{ code: string; scale: number }>(
    'select code, scale from assets order by code',
  );
  const stored = new Map(rows.map((r) => [r.code, Number(r.scale)]));
  for (const [code, scale] of Object.entries(ASSET_SCALE)) {
    assert(
      stored.get(code) === scale,
      () => `asset ${code}: scale ${stored.get(code)} stored, ${scale} in the contract`,
    );
  }
  assert(
    stored.size === Object.keys(ASSET_SCALE).length,
    () => `assets table holds ${[...stored.keys()].join(', ')}`,
  );
}
