import type { QueryClient } from '@tanstack/react-query';
import { liveFrame, staffFrame, type FollowCommand } from '../../contract/live.ts';
import { liveTopics, type LiveData, type LiveTopicName } from '../../contract/live-frames.ts';
import type { MarketInfo } from '../../contract/market/schemas.ts';
import {
  MESSAGE_PATH,
  priceListFrame,
  type PriceUpdate,
} from '../../contract/market/price-feed.ts';
import { OWN_KEY } from '../../contract/user-channel.ts';
import { sessionStore } from '../state/session.ts';
import { feedStatus } from './feed-status.ts';
import { publishLivePrices } from './live-prices.ts';
import { emitUserEvent } from './user-events.ts';

/** SPEC §4 says the original did not retry; this one does, backing off up to 30 s. */
const BACKOFF = { initialMs: 500, maxMs: 30_000 } as const;
const HUNDRED = 100;

type Listener = (data: unknown) => void;
/** Listeners per `topic key`: the socket follows a key while it has one. */
const listeners = new Map<string, { topic: string; key: string; set: Set<Listener> }>();
let socket: WebSocket | undefined;
/** The session token the socket's own topics were last asked for. */
let authToken: string | null = null;
/** The staff token the back office's console signed the socket in with (staff topics). */
let staffToken: string | null = null;

function send(command: FollowCommand | { op: 'auth' | 'staff'; token: string }): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
}

/**
 * A live topic's frames for one key (contract/live.ts: an instrument's ticks, a spot pair's
 * book), parsed with the topic's own schema: followed on the shared socket, again after each
 * reconnect, and left when the last listener of the key goes.
 */
export function subscribe<T extends LiveTopicName>(
  topic: T,
  key: string,
  listener: (data: LiveData<T>) => void,
): () => void {
  const id = `${topic} ${key}`;
  let entry = listeners.get(id);
  if (entry === undefined) {
    entry = { topic, key, set: new Set() };
    listeners.set(id, entry);
    // A person's own topics (key `me`) arrive unasked once the socket is signed in.
    if (key !== OWN_KEY) send({ op: 'subscribe', topic, key });
  }
  const { set } = entry;
  const l = listener as Listener;
  set.add(l);
  return () => {
    set.delete(l);
    if (set.size > 0) return;
    listeners.delete(id);
    if (key !== OWN_KEY) send({ op: 'unsubscribe', topic, key });
  };
}

/**
 * Signs the socket in as staff (the back office's console), or out with null: staff topics
 * are followed once the server has taken the token, and again after each reconnect.
 */
export function setStaffToken(token: string | null): void {
  if (token === staffToken) return;
  staffToken = token;
  send({ op: 'staff', token: token ?? '' });
}

/** Follows every key again: a staff sign-in answered, so its topics may now be followed. */
function followAll(): void {
  for (const { topic, key } of listeners.values()) {
    if (key !== OWN_KEY) send({ op: 'subscribe', topic, key });
  }
}

/** A live frame to its listeners, or to the person's own events; a malformed one is dropped. */
function dispatch(message: unknown): void {
  const frame = liveFrame.safeParse(message);
  if (!frame.success) return;
  const { topic, key } = frame.data;
  if (!(topic in liveTopics)) return;
  const data = liveTopics[topic as LiveTopicName].safeParse(frame.data.data);
  if (!data.success) return;
  if (topic === 'account.events') {
    emitUserEvent(data.data as LiveData<'account.events'>);
    return;
  }
  for (const l of listeners.get(`${topic} ${key}`)?.set ?? []) l(data.data);
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
  // Signing in or out turns the open socket's own topics on or off.
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
      // After an outage the lists missed ticks (and may have failed to load), and the bell
      // missed its pushes: fetch them again.
      if (feedStatus.get().status === 'reconnecting') {
        void queryClient.invalidateQueries({
          predicate: (q) =>
            ['markets', 'market', 'candles', 'homeStats', 'spotBook', 'notifications'].includes(
              String(q.queryKey[0]),
            ),
        });
      }
      attempt = 0;
      feedStatus.set({ status: 'live', retryAt: null });
      followAll();
      // The person's own topics live as long as the socket: asked again on each.
      authToken = sessionStore.get().token;
      if (authToken !== null) send({ op: 'auth', token: authToken });
      if (staffToken !== null) send({ op: 'staff', token: staffToken });
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      // Arrays are the SPEC §7 price list; objects are live topics' frames. A frame that is
      // neither (or malformed) is ignored: a price on screen is only ever a checked one.
      const prices = priceListFrame.safeParse(message);
      if (prices.success) {
        applyToLists(queryClient, new Map(prices.data.map((u) => [u.code, u])));
        publishLivePrices(prices.data);
        return;
      }
      if (staffFrame.safeParse(message).data?.signedIn === true) followAll();
      else dispatch(message);
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
