import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FANOUT, LiveHub, type Sender } from './hub.ts';
import { liveTopic, type LiveTopic } from './topic.ts';

/** A socket that keeps what it was sent; `backlog` plays a slow reader. */
function sender(): Sender & { frames: unknown[]; backlog: number; closed: boolean } {
  const s = {
    frames: [] as unknown[],
    backlog: 0,
    closed: false,
    send(text: string) {
      s.frames.push(JSON.parse(text));
    },
    get bufferedAmount() {
      return s.backlog;
    },
    terminate() {
      s.closed = true;
    },
  };
  return s;
}

/** Topics whose sources the test drives through `emit`. */
function topics() {
  const emitters = new Map<string, (key: string, data: unknown) => void>();
  const source =
    <T>(name: string) =>
    (emit: (key: string, data: T) => void) => {
      emitters.set(name, emit as (key: string, data: unknown) => void);
      return () => void emitters.delete(name);
    };
  const list: LiveTopic[] = [
    liveTopic<{ code: string; price: string }>({
      name: 'test.prices',
      audience: 'public',
      pending: { kind: 'latest', slot: (u) => u.code },
      accepts: () => false,
      source: source('test.prices'),
      everyone: { encode: (items) => JSON.stringify(items) },
    }),
    liveTopic<number>({
      name: 'test.ticks',
      audience: 'public',
      pending: { kind: 'append', max: 3 },
      accepts: (key) => key.startsWith('OK'),
      source: source('test.ticks'),
    }),
    liveTopic<string>({
      name: 'test.queue',
      audience: 'staff',
      pending: { kind: 'latest' },
      accepts: () => true,
      source: source('test.queue'),
    }),
    liveTopic<string>({
      name: 'test.desk',
      audience: 'staff',
      staffRoles: ['support'],
      pending: { kind: 'now' },
      accepts: () => true,
      source: source('test.desk'),
    }),
    liveTopic<string>({
      name: 'test.mine',
      audience: 'person',
      pending: { kind: 'now' },
      accepts: () => false,
      source: source('test.mine'),
    }),
  ];
  const emit = (topic: string, key: string, data: unknown) => emitters.get(topic)?.(key, data);
  return { list, emit };
}

describe('live hub', () => {
  let hub: LiveHub;
  let t: ReturnType<typeof topics>;
  const send = () => vi.advanceTimersByTime(FANOUT.intervalMs);

  beforeEach(() => {
    vi.useFakeTimers();
    t = topics();
    hub = new LiveHub(t.list, () => Date.now());
    hub.start();
  });
  afterEach(() => {
    hub.stop();
    vi.useRealTimers();
  });

  it('sends the price list to every socket, the latest per code, merged into one frame', () => {
    const a = sender();
    const b = sender();
    hub.add(a);
    hub.add(b);
    t.emit('test.prices', '*', { code: 'X', price: '1' });
    t.emit('test.prices', '*', { code: 'X', price: '2' });
    t.emit('test.prices', '*', { code: 'Y', price: '5' });
    send();
    for (const s of [a, b]) {
      expect(s.frames).toEqual([
        [
          { code: 'X', price: '2' },
          { code: 'Y', price: '5' },
        ],
      ]);
    }
  });

  it("sends a followed key's frames in order, bounded, and nothing once it is left", () => {
    const a = sender();
    const other = sender();
    const client = hub.add(a);
    hub.add(other);
    expect(hub.follow(client, 'test.ticks', 'OK1', true)).toBe(true);
    for (const n of [1, 2, 3, 4, 5]) t.emit('test.ticks', 'OK1', n);
    send();
    expect(a.frames).toEqual([{ type: 'live', topic: 'test.ticks', key: 'OK1', data: [1, 2, 3] }]);
    expect(hub.stats.dropped).toBe(2);
    expect(other.frames).toEqual([]);
    hub.follow(client, 'test.ticks', 'OK1', false);
    t.emit('test.ticks', 'OK1', 6);
    send();
    expect(a.frames).toHaveLength(1);
  });

  it('refuses keys a topic does not accept, unknown topics, the price list, and too many follows', () => {
    const client = hub.add(sender());
    expect(hub.follow(client, 'test.ticks', 'NOPE', true)).toBe(false);
    expect(hub.follow(client, 'test.nothing', 'OK', true)).toBe(false);
    expect(hub.follow(client, 'test.prices', '*', true)).toBe(false);
    for (let i = 0; i < FANOUT.maxSubscriptions; i++) {
      expect(hub.follow(client, 'test.ticks', `OK${i}`, true)).toBe(true);
    }
    expect(hub.follow(client, 'test.ticks', 'OK-more', true)).toBe(false);
  });

  it('a staff topic needs a staff session, and signing out leaves it', () => {
    const s = sender();
    const client = hub.add(s);
    expect(hub.follow(client, 'test.queue', 'reviews', true)).toBe(false);
    hub.setStaff(client, 7);
    expect(hub.follow(client, 'test.queue', 'reviews', true)).toBe(true);
    t.emit('test.queue', 'reviews', 'one');
    send();
    hub.setStaff(client, undefined);
    t.emit('test.queue', 'reviews', 'two');
    send();
    expect(s.frames).toEqual([{ type: 'live', topic: 'test.queue', key: 'reviews', data: 'one' }]);
  });

  it('a staff topic that names roles is followed in those roles only, and a new role leaves it', () => {
    const s = sender();
    const client = hub.add(s);
    hub.setStaff(client, 7, 'reviewer');
    expect(hub.follow(client, 'test.desk', '12', true)).toBe(false);
    hub.setStaff(client, 8, 'support');
    expect(hub.follow(client, 'test.desk', '12', true)).toBe(true);
    t.emit('test.desk', '12', 'one');
    hub.setStaff(client, 7, 'reviewer');
    t.emit('test.desk', '12', 'two');
    expect(s.frames).toEqual([{ type: 'live', topic: 'test.desk', key: '12', data: 'one' }]);
  });

  it("a person's frame reaches that person's sockets alone, keyed 'me', and never after sign-out", () => {
    const mine = sender();
    const theirs = sender();
    const anonymous = sender();
    const me = hub.add(mine);
    hub.setPerson(me, 1);
    hub.setPerson(hub.add(theirs), 2);
    hub.add(anonymous);
    t.emit('test.mine', '1', 'hello');
    expect(mine.frames).toEqual([{ type: 'live', topic: 'test.mine', key: 'me', data: 'hello' }]);
    expect(theirs.frames).toEqual([]);
    expect(anonymous.frames).toEqual([]);
    // A client cannot follow a person's topic by key.
    expect(hub.follow(hub.add(sender()), 'test.mine', '1', true)).toBe(false);
    hub.setPerson(me, undefined);
    t.emit('test.mine', '1', 'again');
    expect(mine.frames).toHaveLength(1);
  });

  it('skips a slow socket, then drops it when it stays slow', () => {
    const slow = sender();
    hub.add(slow);
    slow.backlog = FANOUT.maxBufferedBytes + 1;
    for (let i = 0; i * FANOUT.intervalMs <= FANOUT.slowForMs + FANOUT.intervalMs; i++) {
      t.emit('test.prices', '*', { code: 'X', price: String(i) });
      send();
    }
    expect(slow.frames).toEqual([]);
    expect(slow.closed).toBe(true);
    expect(hub.stats.slowDropped).toBeGreaterThan(0);
  });

  it('bounds the sockets one person holds', () => {
    for (let i = 0; i < FANOUT.maxSocketsPerPerson; i++) {
      expect(hub.setPerson(hub.add(sender()), 9)).toBe(true);
    }
    expect(hub.setPerson(hub.add(sender()), 9)).toBe(false);
  });
});
