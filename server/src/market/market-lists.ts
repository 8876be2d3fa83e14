import type { MarketItem } from '../../../contract/market/schemas.ts';
import type { MarketService } from './market-service.ts';
import type { InstrumentState } from './market-state.ts';
import type { Tick } from './types.ts';

const MINUTE_MS = 60_000;
/** Distinct pages (page and size) kept per category; more than this start the set over. */
const PAGES_KEPT = 16;

/** What the market lists read of the market service. */
export type MarketReader = Pick<MarketService, 'instruments' | 'zdf' | 'isOpen' | 'simulated'>;

export function marketItemOf(market: MarketReader, state: InstrumentState): MarketItem {
  return {
    id: state.row.id,
    code: state.row.code,
    type: state.row.type,
    appName: state.row.appName,
    logo: `/logos/${state.row.code.toLowerCase()}.svg`,
    precision: state.row.precision,
    price: state.last?.price ?? null,
    zdf: market.zdf(state),
    hundred: [...state.hundred],
    open: market.isOpen(state),
    simulated: market.simulated,
  };
}

export interface ListQuery {
  type: number;
  page: number;
  size: number;
  search?: string;
}

/** One instrument's list item as JSON, written when its last tick was `last`. */
interface ItemJson {
  state: InstrumentState;
  last: Tick | undefined;
  json: string;
}

/** One category's items as JSON, and the pages asked of them, as of one minute and tick set. */
interface CategoryJson {
  minute: number;
  /** How many instruments the market had (none before it starts). */
  instruments: number;
  items: ItemJson[];
  pages: Map<string, string>;
}

function pageJson(items: readonly ItemJson[], q: ListQuery): string {
  const start = (q.page - 1) * q.size;
  const list = items
    .slice(start, start + q.size)
    .map((item) => item.json)
    .join(',');
  return `{"list":[${list}],"total":${items.length},"page":${q.page},"size":${q.size}}`;
}

/**
 * The market lists (listMarketByType) kept as JSON per category and page, instead of ~25 KB
 * built per request. An item moves only with its instrument's last tick (which brings its
 * price and last 100 prices) and with the minute (its 24h change is taken against the price a
 * day before the current minute, its trading hours open and close on the minute). So a
 * category is written again on the first request after a tick reached it or the minute
 * turned: answers are the same as ones built per request, and a tick storm costs one rewrite
 * per category per request at most, none while nobody asks. Each listed instrument's last
 * tick is compared rather than waiting for onPrices, which does not announce the state a
 * newly elected leader loads from the database.
 */
export class MarketLists {
  private readonly categories = new Map<number, CategoryJson>();

  constructor(
    private readonly market: MarketReader,
    private readonly now: () => number = Date.now,
  ) {}

  /** The JSON of a listMarketByType result. */
  page(q: ListQuery): string {
    const category = this.category(q.type);
    if (q.search !== undefined) {
      // Searches are as many as their words: filtered per request, from the written items.
      const search = q.search.toUpperCase();
      const found = category.items.filter(
        ({ state: { row } }) =>
          row.code.includes(search) || row.appName.toUpperCase().includes(search),
      );
      return pageJson(found, q);
    }
    const key = `${q.page}:${q.size}`;
    let json = category.pages.get(key);
    if (json === undefined) {
      json = pageJson(category.items, q);
      if (category.pages.size >= PAGES_KEPT) category.pages.clear();
      category.pages.set(key, json);
    }
    return json;
  }

  private category(type: number): CategoryJson {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const all = this.market.instruments();
    const kept = this.categories.get(type);
    if (
      kept !== undefined &&
      kept.minute === minute &&
      kept.instruments === all.length &&
      kept.items.every((item) => item.state.last === item.last)
    ) {
      return kept;
    }
    const written: CategoryJson = {
      minute,
      instruments: all.length,
      items: all
        .filter((state) => state.row.type === type)
        .map((state) => ({
          state,
          last: state.last,
          json: JSON.stringify(marketItemOf(this.market, state)),
        })),
      pages: new Map(),
    };
    this.categories.set(type, written);
    return written;
  }
}
