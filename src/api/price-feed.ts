import type { QueryClient } from '@tanstack/react-query';
import type { MarketInfo } from '../../contract/market/schemas.ts';
import {
  MESSAGE_PATH,
  priceListFrame,
  ticksFrame,
  type PriceUpdate,
  type SubscribeCommand,
  type TicksMessage,
} from '../../contract/market/price-feed.ts';
import { spotBookFrame, type SpotBookFrame } from '../../contract/spot/frames.ts';
import { userFrame } from '../../contract/user-channel.ts';
import { sessionStore } from '../state/session.ts';
import { feedStatus } from './feed-status.ts';
import { publishLivePrices } from './live-prices.ts';
import { emitUserEvent } from './user-events.ts';

/** SPEC §4 says the original did not retry; this one does, backing off up to 30 s. */
const BACKOFF = { initialMs: 500, maxMs: 30_000 } as const;
const HUNDRED = 100;

type TickListener = (ticks: TicksMessage['ticks']) => void;
type SpotListener = (frame: SpotBookFrame) => void;
const tickListeners = new Map<string, Set<TickListener>>();
const spotListeners = new Map<string, Set<SpotListener>>();
/** Listeners of any kind per code: the socket follows a code while it has one. */
const following = new Map<string, number>();
let socket: WebSocket | undefined;
/** The session token the socket's user channel was last asked for. */
let authToken: string | null = null;

function send(command: SubscribeCommand | { op: 'auth'; token: string }): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
}

function follow(code: string): () => void {
  const count = following.get(code) ?? 0;
  following.set(code, count + 1);
  if (count === 0) send({ op: 'subscribe', code });
  return () => {
    const left = (following.get(code) ?? 1) - 1;
    if (left > 0) {
      following.set(code, left);
      return;
    }
    following.delete(code);
    send({ op: 'unsubscribe', code });
  };
}

function listen<L>(map: Map<string, Set<L>>, code: string, listener: L): () => void {
  let set = map.get(code);
  if (set === undefined) {
    set = new Set();
    map.set(code, set);
  }
  set.add(listener);
  const unfollow = follow(code);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(code);
    unfollow();
  };
}

/**
 * Every tick of one instrument (the detail chart): subscribes on the shared socket, again after
 * each reconnect, and unsubscribes when the last listener of the code leaves.
 */
export function subscribeTicks(code: string, listener: TickListener): () => void {
  return listen(tickListeners, code, listener);
}

/**
 * A spot pair's book frames (both ledger books: the listener picks its own), on the same
 * subscription as the pair's ticks; the server sends one whenever the book changes.
 */
export function subscribeSpotBook(code: string, listener: SpotListener): () => void {
  return listen(spotListeners, code, listener);
}

interface ListPage {
  list: MarketInfo[];
}

function applyToLists(queryClient: QueryClient, byCode: Map<string, PriceUpdate>): void {
  queryClient.setQueriesData<ListPage>({ queryKey: ['markets'] }, (page) => {
    if (page === undefined) return page;
    let changed = false;
    const list = page.list.map((item) => {
      const u = byCode.get(item.code);
      if (u === undefined) return item;
      changed = true;
      const hundred = [...item.hundred, u.price].slice(-HUNDRED);
      return { ...item, price: u.price, zdf: u.zdf, hundred };
    });
    return changed ? { ...page, list } : page;
  });
  queryClient.setQueriesData<MarketInfo>({ queryKey: ['market'] }, (info) => {
    const u = info === undefined ? undefined : byCode.get(info.code);
    return info === undefined || u === undefined ? info : { ...info, price: u.price, zdf: u.zdf };
  });
}

/**
 * Opens the live price feed at start-up (SPEC §4) and keeps it open: ticks go straight into
 * the TanStack Query cache, and a lost connection is retried with exponential back-off.
 */
export function startPriceFeed(queryClient: QueryClient): void {
  let attempt = 0;
  // Signing in or out turns the open socket's user channel on or off.
  sessionStore.subscribe(() => {
    const { token } = sessionStore.get();
    if (token === authToken) return;
    authToken = token;
    send({ op: 'auth', token: token ?? '' });
  });
  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}${MESSAGE_PATH}`);
    socket = ws;
    ws.onopen = () => {
      // After an outage the lists missed ticks (and may have failed to load): fetch them again.
      if (feedStatus.get().status === 'reconnecting') {
        void queryClient.invalidateQueries({
          predicate: (q) =>
            ['markets', 'market', 'candles', 'homeStats', 'spotBook'].includes(
              String(q.queryKey[0]),
            ),
        });
      }
      attempt = 0;
      feedStatus.set({ status: 'live', retryAt: null });
      for (const code of following.keys()) send({ op: 'subscribe', code });
      // The user channel (the person's nudges) lives as long as the socket: asked again on each.
      authToken = sessionStore.get().token;
      if (authToken !== null) send({ op: 'auth', token: authToken });
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      // Arrays are the SPEC §7 price list; objects are the one-instrument channel. A frame that
      // is neither (or malformed) is ignored: a price on screen is only ever a checked one.
      const prices = priceListFrame.safeParse(message);
      if (prices.success) {
        applyToLists(queryClient, new Map(prices.data.map((u) => [u.code, u])));
        publishLivePrices(prices.data);
        return;
      }
      const user = userFrame.safeParse(message);
      if (user.success) {
        emitUserEvent(user.data.event);
        return;
      }
      const ticks = ticksFrame.safeParse(message);
      if (ticks.success) {
        for (const l of tickListeners.get(ticks.data.code) ?? []) l(ticks.data.ticks);
        return;
      }
      const spot = spotBookFrame.safeParse(message);
      if (spot.success) for (const l of spotListeners.get(spot.data.code) ?? []) l(spot.data);
    };
    ws.onclose = () => {
      const delay =
        Math.min(BACKOFF.maxMs, BACKOFF.initialMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      feedStatus.set({ status: 'reconnecting', retryAt: Date.now() + delay });
      setTimeout(connect, delay);
    };
  };
  connect();
}
