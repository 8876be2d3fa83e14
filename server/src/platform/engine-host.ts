import type { BusMessage } from '../../../contract/bus.ts';
import type { Channels } from './bus/channels.ts';
import { LeaderElection } from './db/leader-election.ts';

/** Work only one node may do at a time: the feed and its recorder, and the coming engines. */
export interface Engine {
  readonly name: string;
  /** Elected (or alone): start the single-writer work. */
  lead(): Promise<void>;
  /** Deposed, or the host is stopping (`final`): stop it, writing what is pending if final. */
  follow(final: boolean): Promise<void>;
}

type Ticks = BusMessage<'market.ticks'>;

/** Well under the channel's bound (contract/bus.ts), so a burst from the feed is never refused. */
const TICKS_PER_MESSAGE = 2_000;

/**
 * Hosts the engines. Every node hears the ticks the leader publishes (`onTicks`); one node, the
 * leader, runs the engines: at once when alone, or through a PostgreSQL advisory lock
 * (`electionUrl`) when several nodes share a database, taking over within seconds when the
 * leader dies. The market recorder leads here today; the trigger engine, option expiry and
 * matching are to join it, so that they see the same ticks in the same order.
 */
export class EngineHost {
  private readonly engines: Engine[] = [];
  private election: LeaderElection | undefined;
  private leading = false;
  private started = false;

  constructor(
    private readonly channels: Channels,
    private readonly electionUrl: string | undefined,
    private readonly lockId: number,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Adds an engine; engines lead in the order added and follow in reverse. */
  add(engine: Engine): void {
    if (this.started) throw new Error(`engine ${engine.name} added after the host started`);
    this.engines.push(engine);
  }

  /** Every node: the ticks the leader accepted, in the order it published them. */
  onTicks(listener: (ticks: Ticks) => void): () => void {
    return this.channels.subscribe('market.ticks', listener);
  }

  /** Leader only: hands accepted ticks to every node (this one included), in bounded messages. */
  publishTicks(ticks: Ticks): void {
    for (let i = 0; i < ticks.length; i += TICKS_PER_MESSAGE) {
      this.channels.publish('market.ticks', ticks.slice(i, i + TICKS_PER_MESSAGE));
    }
  }

  async start(): Promise<void> {
    this.started = true;
    if (this.electionUrl === undefined) {
      await this.lead();
      return;
    }
    this.election = new LeaderElection(this.electionUrl, this.lockId, {
      elected: () =>
        this.lead().catch((err: Error) => console.error('engines failed to lead:', err.message)),
      deposed: () => void this.follow(false),
    });
    await this.election.start();
  }

  async stop(): Promise<void> {
    await this.election?.stop();
    await this.follow(true);
  }

  private async lead(): Promise<void> {
    this.leading = true;
    for (const engine of this.engines) await engine.lead();
  }

  private async follow(final: boolean): Promise<void> {
    const wasLeading = this.leading;
    this.leading = false;
    for (const engine of [...this.engines].reverse()) {
      await engine.follow(final && wasLeading);
    }
  }
}
