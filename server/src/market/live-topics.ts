import { type PriceUpdate } from '../../../contract/market/price-feed.ts';
import { liveTopic } from '../platform/live/topic.ts';
import type { MarketService } from './market-service.ts';

/** Ticks of one instrument kept between two sends: a burst beyond it is dropped and counted. */
const TICKS_PER_SEND = 200;
/** The one key of the price list: it goes to every socket. */
const ALL = '*';

/**
 * The market's live topics: SPEC §7's price list, every instrument that moved since the last
 * send as one bare array to every socket, and `market.ticks`, every tick of an instrument to
 * the sockets that follow its code (the detail chart).
 */
export function marketLiveTopics(market: MarketService) {
  return [
    liveTopic<PriceUpdate>({
      name: 'market.prices',
      audience: 'public',
      pending: { kind: 'latest', slot: (u) => u.code },
      accepts: () => false,
      source: (emit) =>
        market.onPrices((updates) => {
          for (const u of updates) emit(ALL, u);
        }),
      everyone: { encode: (updates) => JSON.stringify(updates) },
    }),
    liveTopic<{ price: string; volume: string; ts: number }>({
      name: 'market.ticks',
      audience: 'public',
      pending: { kind: 'append', max: TICKS_PER_SEND },
      accepts: (code) => market.byInstrumentCode(code) !== undefined,
      source: (emit) =>
        market.onTicks((ticks) => {
          for (const t of ticks) emit(t.code, { price: t.price, volume: t.volume, ts: t.ts });
        }),
    }),
  ];
}
