import { busChannels, type BusChannel, type BusMessage } from '../../../../contract/bus.ts';
import type { Bus } from './bus.ts';

/**
 * The bus with typed channels: what is published is the channel's type, what arrives is
 * parsed by the contract's schema before any handler sees it (a malformed message is counted
 * and dropped).
 */
export class Channels {
  /** Messages refused on arrival, per channel, since the start. */
  readonly refused = new Map<BusChannel, number>();

  constructor(private readonly bus: Bus) {}

  publish<C extends BusChannel>(channel: C, message: BusMessage<C>): void {
    this.bus.publish(channel, JSON.stringify(message));
  }

  subscribe<C extends BusChannel>(
    channel: C,
    handler: (message: BusMessage<C>) => void,
  ): () => void {
    const schema = busChannels[channel];
    return this.bus.subscribe(channel, (text) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        this.refused.set(channel, (this.refused.get(channel) ?? 0) + 1);
        return;
      }
      handler(parsed.data as BusMessage<C>);
    });
  }

  close(): Promise<void> {
    return this.bus.close();
  }
}
