import { EventEmitter } from 'node:events';

/**
 * Publish/subscribe between the parts of one node, and between nodes when it is Redis
 * (REDIS_URL). Messages are strings (JSON), so both transports carry the same thing.
 */
export interface Bus {
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): () => void;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(channel: string, message: string): void {
    this.emitter.emit(channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
