import { local, readJson, writeJson } from '../../state/store.ts';

/** A market as its detail page is addressed (/cruuency?code&type&id). */
export interface TradedMarket {
  id: number;
  code: string;
  type: number;
}

const KEY = 'kestrel.lastTrade';

/** The market whose trade panel the person saw last: the shell's trade entries open it again. */
export function rememberMarket(market: TradedMarket): void {
  writeJson(local, KEY, market);
}

export function rememberedMarket(): TradedMarket | undefined {
  const m = readJson<Partial<TradedMarket> | null>(local, KEY, null);
  return typeof m?.id === 'number' && typeof m.code === 'string' && typeof m.type === 'number'
    ? { id: m.id, code: m.code, type: m.type }
    : undefined;
}

export type PanelTab = 'contract' | 'option';

/** A market's detail page with its trade panel open at `tab` (the URL keeps the tab). */
export function marketTradePath(m: TradedMarket, tab: PanelTab): string {
  return `/cruuency?code=${encodeURIComponent(m.code)}&type=${m.type}&id=${m.id}&panel=${tab}`;
}
