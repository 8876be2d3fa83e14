import { OWN_KEY } from '../../../../contract/user-channel.ts';
import { assert } from '../../assert.ts';
import type { StaffRole } from '../../../../contract/admin/schemas.ts';
import type { LiveTopic } from './topic.ts';

/** Limits of the fan-out (docs/live.md). */
export const FANOUT = {
  /** One send per client at most this often: frames in between wait by their topic's rule. */
  intervalMs: 250,
  /** A client with more than this queued is skipped this round… */
  maxBufferedBytes: 1 << 20,
  /** …and dropped when it stays that slow this long. */
  slowForMs: 10_000,
  /** Topic keys one client follows at most. */
  maxSubscriptions: 10,
  /** Keys with frames waiting, per topic: past it a key's frames are dropped and counted. */
  maxPendingKeys: 10_000,
  /** Sockets one person or one staff member holds at most (tabs, devices). */
  maxSocketsPerPerson: 50,
} as const;

/** What the hub needs of a socket (ws's WebSocket has it). */
export interface Sender {
  send(text: string): void;
  readonly bufferedAmount: number;
  terminate(): void;
}

export interface LiveClient {
  readonly socket: Sender;
  slowSince: number | undefined;
  /** `topic key` pairs this client follows. */
  readonly follows: Set<string>;
  userId: number | undefined;
  staffId: number | undefined;
  staffRole: StaffRole | undefined;
}

const pair = (topic: string, key: string) => `${topic} ${key}`;

/** A staff topic's follower: signed in as staff, in one of the topic's roles if it names any. */
function staffMay(topic: LiveTopic, client: LiveClient): boolean {
  if (client.staffId === undefined) return false;
  return topic.staffRoles === undefined || topic.staffRoles.some((r) => r === client.staffRole);
}

/**
 * The bounded fan-out behind `/message`: each declared topic's source hands it frames, which
 * wait by the topic's rule and go, every `intervalMs`, to the clients its audience allows
 * (followers of a key, one person's sockets, staff). A slow client is skipped, then dropped;
 * every map is bounded, and what is dropped is counted.
 */
export class LiveHub {
  private readonly topics = new Map<string, LiveTopic>();
  private readonly clients = new Set<LiveClient>();
  /** Followers per `topic key`. */
  private readonly followers = new Map<string, Set<LiveClient>>();
  private readonly people = new Map<number, Set<LiveClient>>();
  /** Waiting frames per topic, per key, per slot (latest) or in order (append). */
  private pending = new Map<string, Map<string, Map<string, unknown> | unknown[]>>();
  private readonly stops: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  readonly stats = { dropped: 0, slowDropped: 0, refusedFollows: 0 };

  constructor(
    topics: readonly LiveTopic[],
    private readonly now: () => number = Date.now,
  ) {
    for (const topic of topics) {
      assert(!this.topics.has(topic.name), `live topic ${topic.name} declared twice`);
      this.topics.set(topic.name, topic);
    }
  }

  get size(): number {
    return this.clients.size;
  }

  start(): void {
    for (const topic of this.topics.values()) {
      this.stops.push(topic.source((key, data) => this.emit(topic, key, data)));
    }
    this.timer = setInterval(() => this.flush(), FANOUT.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const stop of this.stops.splice(0)) stop();
    for (const client of this.clients) client.socket.terminate();
  }

  add(socket: Sender): LiveClient {
    const client: LiveClient = {
      socket,
      slowSince: undefined,
      follows: new Set(),
      userId: undefined,
      staffId: undefined,
      staffRole: undefined,
    };
    this.clients.add(client);
    return client;
  }

  remove(client: LiveClient): void {
    for (const p of [...client.follows]) this.unfollow(client, p);
    this.setPerson(client, undefined);
    this.setStaff(client, undefined);
    this.clients.delete(client);
  }

  /** Follows or leaves a key of a public or staff topic; false when refused (and ignored). */
  follow(client: LiveClient, topicName: string, key: string, on: boolean): boolean {
    const p = pair(topicName, key);
    if (!on) {
      this.unfollow(client, p);
      return true;
    }
    const topic = this.topics.get(topicName);
    const allowed =
      topic !== undefined &&
      topic.everyone === undefined &&
      (topic.audience === 'public' || (topic.audience === 'staff' && staffMay(topic, client))) &&
      client.follows.size < FANOUT.maxSubscriptions &&
      topic.accepts(key);
    if (!allowed) {
      this.stats.refusedFollows += 1;
      return false;
    }
    client.follows.add(p);
    let set = this.followers.get(p);
    if (set === undefined) this.followers.set(p, (set = new Set()));
    set.add(client);
    return true;
  }

  /** The person whose own topics this socket receives (undefined: none). */
  setPerson(client: LiveClient, userId: number | undefined): boolean {
    if (client.userId !== undefined) {
      const own = this.people.get(client.userId);
      own?.delete(client);
      if (own?.size === 0) this.people.delete(client.userId);
    }
    client.userId = undefined;
    if (userId === undefined) return true;
    const own = this.people.get(userId) ?? new Set();
    if (own.size >= FANOUT.maxSocketsPerPerson) return false;
    client.userId = userId;
    this.people.set(userId, own.add(client));
    return true;
  }

  /** The staff member whose topics this socket may follow; what they may no longer is left. */
  setStaff(client: LiveClient, staffId: number | undefined, role?: StaffRole): void {
    client.staffId = staffId;
    client.staffRole = staffId === undefined ? undefined : role;
    for (const p of [...client.follows]) {
      const topic = this.topics.get(p.split(' ')[0] ?? '');
      if (topic?.audience === 'staff' && !staffMay(topic, client)) this.unfollow(client, p);
    }
  }

  private unfollow(client: LiveClient, p: string): void {
    client.follows.delete(p);
    const set = this.followers.get(p);
    set?.delete(client);
    if (set?.size === 0) this.followers.delete(p);
  }

  private emit(topic: LiveTopic, key: string, data: unknown): void {
    if (topic.pending.kind === 'now') {
      this.sendNow(topic, key, data);
      return;
    }
    // Only what someone follows waits (a topic sent to everyone always has its followers).
    if (topic.everyone === undefined && !this.followers.has(pair(topic.name, key))) return;
    let byKey = this.pending.get(topic.name);
    if (byKey === undefined) this.pending.set(topic.name, (byKey = new Map()));
    let waiting = byKey.get(key);
    if (waiting === undefined) {
      if (byKey.size >= FANOUT.maxPendingKeys) {
        this.stats.dropped += 1;
        return;
      }
      waiting = topic.pending.kind === 'append' ? [] : new Map<string, unknown>();
      byKey.set(key, waiting);
    }
    if (Array.isArray(waiting)) {
      const max = topic.pending.kind === 'append' ? topic.pending.max : 1;
      if (waiting.length < max) waiting.push(data);
      else this.stats.dropped += 1;
      return;
    }
    const slot = topic.pending.kind === 'latest' ? (topic.pending.slot?.(data) ?? '') : '';
    waiting.set(slot, data);
  }

  /** A person's or staff's rare frame: at once, never to a socket already backed up. */
  private sendNow(topic: LiveTopic, key: string, data: unknown): void {
    const recipients =
      topic.audience === 'person'
        ? this.people.get(Number(key))
        : this.followers.get(pair(topic.name, key));
    if (recipients === undefined) return;
    const shown = topic.audience === 'person' ? OWN_KEY : key;
    const frame = JSON.stringify({ type: 'live', topic: topic.name, key: shown, data });
    for (const client of recipients) {
      if (client.socket.bufferedAmount <= FANOUT.maxBufferedBytes) client.socket.send(frame);
      else this.stats.dropped += 1;
    }
  }

  /** One send: every waiting frame, encoded once, to the clients that receive it. */
  private flush(): void {
    const waiting = this.pending;
    if (waiting.size === 0) return;
    this.pending = new Map();
    const toAll: string[] = [];
    const byPair = new Map<string, string[]>();
    for (const [name, byKey] of waiting) {
      const topic = this.topics.get(name);
      if (topic === undefined) continue;
      for (const [key, items] of byKey) {
        const list = Array.isArray(items) ? items : [...items.values()];
        if (topic.everyone !== undefined) {
          toAll.push(topic.everyone.encode(list));
          continue;
        }
        const frames = Array.isArray(items)
          ? [JSON.stringify({ type: 'live', topic: name, key, data: list })]
          : list.map((data) => JSON.stringify({ type: 'live', topic: name, key, data }));
        byPair.set(pair(name, key), frames);
      }
    }
    this.deliver(toAll, byPair);
  }

  private deliver(toAll: readonly string[], byPair: ReadonlyMap<string, readonly string[]>): void {
    const now = this.now();
    const ready = (client: LiveClient): boolean => {
      if (client.socket.bufferedAmount <= FANOUT.maxBufferedBytes) {
        client.slowSince = undefined;
        return true;
      }
      client.slowSince ??= now;
      if (now - client.slowSince > FANOUT.slowForMs) {
        this.stats.slowDropped += 1;
        client.socket.terminate();
      }
      return false;
    };
    const skipped = new Set<LiveClient>();
    if (toAll.length > 0) {
      for (const client of this.clients) {
        if (!ready(client)) skipped.add(client);
        else for (const frame of toAll) client.socket.send(frame);
      }
    }
    for (const [p, frames] of byPair) {
      for (const client of this.followers.get(p) ?? []) {
        if (skipped.has(client) || (toAll.length === 0 && !ready(client))) continue;
        for (const frame of frames) client.socket.send(frame);
      }
    }
  }
}
