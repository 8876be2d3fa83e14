import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './instruments.ts';
import { MarketLists, marketItemOf, type ListQuery, type MarketReader } from './market-lists.ts';
import { InstrumentState } from './market-state.ts';
import { isOpen } from './trading-hours.ts';

// Friday 2026-11-20 21:59:30 UTC: 16:59:30 in New York, half a minute before forex closes.
const FRIDAY = Date.UTC(2026, 10, 20, 21, 59, 30);
const DAY_MS = 86_400_000;

/** The shipped forex and crypto instruments, a day of history each, on a clock the test sets. */
function market() {
  let now = FRIDAY;
  let zdfCalls = 0;
  const states = INSTRUMENTS.filter((spec) => spec.type <= 2).map(
    (spec, i) => new InstrumentState({ ...spec, id: i + 1, sort: i }),
  );
  // A day ago the price moved from 100 to 110 at the minute the test turns to; it is 121 now.
  for (const [price, ts] of [
    ['100', now - DAY_MS - 60_000],
    ['110', now - DAY_MS + 30_000],
    ['121', now - 1000],
  ] as const) {
    for (const state of states) state.apply({ code: state.row.code, price, volume: '1', ts });
  }
  let listed: InstrumentState[] = states;
  const reader: MarketReader = {
    simulated: true,
    instruments: () => [...listed],
    zdf: (state) => {
      zdfCalls += 1;
      return state.zdf(now);
    },
    isOpen: (state) => isOpen(state.row.hours, now),
  };
  return {
    reader,
    states,
    lists: new MarketLists(reader, () => now),
    setNow: (ms: number) => (now = ms),
    now: () => now,
    zdfCalls: () => zdfCalls,
    list: (instruments: InstrumentState[]) => (listed = instruments),
  };
}

/** listMarketByType as it was answered before the lists were kept: built per request. */
function perRequest(reader: MarketReader, q: ListQuery): string {
  const search = q.search?.toUpperCase();
  const matching = reader
    .instruments()
    .filter((i) => i.row.type === q.type)
    .filter(
      (i) =>
        search === undefined ||
        i.row.code.includes(search) ||
        i.row.appName.toUpperCase().includes(search),
    );
  const start = (q.page - 1) * q.size;
  return JSON.stringify({
    list: matching.slice(start, start + q.size).map((i) => marketItemOf(reader, i)),
    total: matching.length,
    page: q.page,
    size: q.size,
  });
}

const QUERIES: ListQuery[] = [
  { type: 1, page: 1, size: 50 },
  { type: 2, page: 1, size: 20 },
  { type: 2, page: 2, size: 7 },
  { type: 2, page: 99, size: 100 },
  { type: 2, page: 1, size: 100, search: 'coin' },
  { type: 2, page: 1, size: 100, search: 'BTC' },
  { type: 2, page: 1, size: 100, search: '' },
  { type: 1, page: 1, size: 3, search: 'usd' },
  { type: 3, page: 1, size: 50 },
];

describe('market lists', () => {
  it('answer every query as the list built per request does', () => {
    const m = market();
    for (const q of QUERIES) expect(m.lists.page(q)).toBe(perRequest(m.reader, q));
  });

  it('write a category once while nothing moves, and again after a tick reaches it', () => {
    const m = market();
    const q: ListQuery = { type: 2, page: 1, size: 20 };
    const search: ListQuery = { ...q, search: 'eth' };
    const searched = perRequest(m.reader, search);
    const first = m.lists.page(q);
    const calls = m.zdfCalls();
    expect(m.lists.page(q)).toBe(first);
    expect(m.lists.page(search)).toBe(searched);
    expect(m.zdfCalls()).toBe(calls);

    const btc = m.states.find((s) => s.row.code === 'BTCUSDT');
    btc?.apply({ code: 'BTCUSDT', price: '125', volume: '1', ts: m.now() });
    const moved = m.lists.page(q);
    expect(moved).not.toBe(first);
    expect(moved).toBe(perRequest(m.reader, q));
    const [top] = (JSON.parse(moved) as { list: { code: string; price: string }[] }).list;
    expect(top).toMatchObject({ code: 'BTCUSDT', price: '125' });
    // A tick in another category leaves this one as written.
    const calls2 = m.zdfCalls();
    const eurusd = m.states.find((s) => s.row.code === 'EURUSD');
    eurusd?.apply({ code: 'EURUSD', price: '122', volume: '1', ts: m.now() });
    expect(m.lists.page(q)).toBe(moved);
    expect(m.zdfCalls()).toBe(calls2);
  });

  it('follow the minute: trading hours and the 24h change move without a tick', () => {
    const m = market();
    const forex: ListQuery = { type: 1, page: 1, size: 50 };
    const crypto: ListQuery = { type: 2, page: 1, size: 50 };
    const before = JSON.parse(m.lists.page(forex)) as { list: { open: boolean }[] };
    expect(before.list.every((i) => i.open)).toBe(true);
    const zdfBefore = m.lists.page(crypto);
    expect(zdfBefore).toContain('"zdf":"21.00"');

    m.setNow(FRIDAY + 30_000); // 17:00 in New York: forex closes for the weekend
    const after = JSON.parse(m.lists.page(forex)) as { list: { open: boolean }[] };
    expect(after.list.every((i) => !i.open)).toBe(true);
    expect(m.lists.page(forex)).toBe(perRequest(m.reader, forex));
    // The price a day before is now 110: the 24h change is taken against it.
    expect(m.lists.page(crypto)).toContain('"zdf":"10.00"');
    expect(m.lists.page(crypto)).not.toContain('"zdf":"21.00"');
    expect(m.lists.page(crypto)).toBe(perRequest(m.reader, crypto));
  });

  it('list instruments that arrive after the first request (a market not yet started)', () => {
    const m = market();
    const q: ListQuery = { type: 2, page: 1, size: 20 };
    m.list([]);
    expect(JSON.parse(m.lists.page(q))).toEqual({ list: [], total: 0, page: 1, size: 20 });
    m.list(m.states);
    expect(m.lists.page(q)).toBe(perRequest(m.reader, q));
  });

  it('answer right while more pages are asked than are kept', () => {
    const m = market();
    for (let size = 1; size <= 100; size++) {
      const q: ListQuery = { type: 2, page: 2, size };
      expect(m.lists.page(q)).toBe(perRequest(m.reader, q));
    }
  });
});
