import type { StaffRole } from '../../../../contract/admin/schemas.ts';

/**
 * A live topic, as a capability declares it in its module (docs/live.md). The socket knows no
 * topic by name: it fans out what each topic's source emits, to whom its audience allows.
 *
 * - `public`: any socket may follow a key the topic `accepts` (an instrument's ticks);
 * - `person`: the key is a person's id; only that person's signed-in sockets receive it, under
 *   the key `me`, without asking;
 * - `staff`: sockets signed in with a staff session may follow a key the topic accepts.
 */
export type Audience = 'public' | 'person' | 'staff';

/**
 * How a key's frames wait for the next send: `latest` keeps the newest per `slot` (a book's
 * latest state per ledger book), `append` keeps them in order up to `max` (ticks), `now` sends at
 * once (a person's rare nudges).
 */
export type Pending<T> =
  | { kind: 'latest'; slot?: (data: T) => string }
  | { kind: 'append'; max: number }
  | { kind: 'now' };

export interface LiveTopic<T = unknown> {
  readonly name: string;
  readonly audience: Audience;
  readonly pending: Pending<T>;
  /** A staff topic's roles (none: every signed-in staff member may follow it). */
  readonly staffRoles?: readonly StaffRole[];
  /** Public and staff topics: whether `key` may be followed (a listed instrument, a queue). */
  accepts(key: string): boolean;
  /** Every node: hands the hub this node's frames (from the bus); returns the unsubscribe. */
  source(emit: (key: string, data: T) => void): () => void;
  /**
   * The topic every socket receives unasked (SPEC §7's price list, a bare array): its frames of
   * one send, merged across keys, in its own encoding.
   */
  readonly everyone?: { encode(items: readonly T[]): string };
}

/** Declares a topic with its data type checked against its pending rule and source. */
export function liveTopic<T>(topic: LiveTopic<T>): LiveTopic {
  return topic as unknown as LiveTopic;
}
