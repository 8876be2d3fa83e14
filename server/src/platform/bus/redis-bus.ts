import { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/**
 * The bus across API nodes: Redis pub/sub (REDIS_URL). A subscriber connection cannot publish,
 * so there are two; every node also hears its own messages, as with the local bus.
 */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  private constructor(url: string) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.sub.on('message', (channel: string, message: string) => {
      for (const h of this.handlers.get(channel) ?? []) h(message);
    });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.pub.on('error', (err: Error) => console.error('redis (publish):', err.message));
    this.sub.on('error', (err: Error) => console.error('redis (subscribe):', err.message));
  }

  static async connect(url: string): Promise<RedisBus> {
    const bus = new RedisBus(url);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  publish(channel: string, message: string): void {
    void this.pub
      .publish(channel, message)
      .catch((err: Error) => console.error('redis publish:', err.message));
  }

  subscribe(channel: string, handler: (message: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(channel, set);
      void this.sub.subscribe(channel);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(channel);
        void this.sub.unsubscribe(channel);
      }
    };
  }

  /** Resolves once every channel subscribed so far is live on Redis. */
  async ready(): Promise<void> {
    await this.pub.ping();
    const channels = [...this.handlers.keys()];
    if (channels.length > 0) await this.sub.subscribe(...channels);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
