import { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/**
 * The bus across API nodes: Redis pub/sub (REDIS_URL). A subscriber connection cannot publish,
 * so there are two; every node also hears its own messages, as with the local bus. Every
 * channel on Redis starts with the deployment's prefix (REDIS_PREFIX), so deployments (or test
 * suites) sharing one Redis never hear each other; callers name channels without it.
 */
export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();

  private constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.sub.on('message', (channel: string, message: string) => {
      // Only prefixed channels are subscribed, so the prefix is always there.
      for (const h of this.handlers.get(channel.slice(prefix.length)) ?? []) h(message);
    });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.pub.on('error', (err: Error) => console.error('redis (publish):', err.message));
    this.sub.on('error', (err: Error) => console.error('redis (subscribe):', err.message));
  }

  static async connect(url: string, prefix: string): Promise<RedisBus> {
    const bus = new RedisBus(url, prefix);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    return bus;
  }

  publish(channel: string, message: string): void {
    void this.pub
      .publish(this.prefix + channel, message)
      .catch((err: Error) => console.error('redis publish:', err.message));
  }

  subscribe(channel: string, handler: (message: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(channel, set);
      void this.sub.subscribe(this.prefix + channel);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(channel);
        void this.sub.unsubscribe(this.prefix + channel);
      }
    };
  }

  /** Resolves once every channel subscribed so far is live on Redis. */
  async ready(): Promise<void> {
    await this.pub.ping();
    const channels = [...this.handlers.keys()].map((c) => this.prefix + c);
    if (channels.length > 0) await this.sub.subscribe(...channels);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
