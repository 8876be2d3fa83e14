import { assert } from '../assert.ts';

/** An agent as assignment sees them: whether they take conversations, and their room. */
export interface AgentLoad {
  readonly staffId: number;
  readonly online: boolean;
  readonly capacity: number;
  /** Conversations they have open now. */
  readonly open: number;
}

export interface Assignment {
  readonly conversationId: number;
  readonly staffId: number;
}

/** Waiting conversations one pass assigns at most (the rest wait for the next pass). */
export const ASSIGN_MAX = 500;

/**
 * Assignment by capacity (issue 25): each waiting conversation, oldest first, goes to the
 * online agent with the most room (capacity minus open), ties to the one with fewer open, then
 * the lower id. It stops when no one has room, so no conversation waits while someone has it.
 * Pure and bounded: the caller reads the loads and the queue under the desk's lock and writes
 * the result in the same transaction.
 */
export function assign(
  agents: readonly AgentLoad[],
  waiting: readonly number[],
): readonly Assignment[] {
  const open = new Map(agents.map((a) => [a.staffId, a.open]));
  const room = (a: AgentLoad) => a.capacity - (open.get(a.staffId) ?? 0);
  const out: Assignment[] = [];
  for (const conversationId of waiting.slice(0, ASSIGN_MAX)) {
    let best: AgentLoad | undefined;
    for (const a of agents) {
      if (!a.online || room(a) <= 0) continue;
      if (best === undefined || better(a, best, room, open)) best = a;
    }
    if (best === undefined) break;
    open.set(best.staffId, (open.get(best.staffId) ?? 0) + 1);
    out.push({ conversationId, staffId: best.staffId });
  }
  for (const a of agents) {
    // An agent may hold more than their capacity (it was lowered); this pass never adds to it.
    assert((open.get(a.staffId) ?? 0) <= Math.max(a.capacity, a.open), 'assigned past capacity');
  }
  return out;
}

function better(
  a: AgentLoad,
  b: AgentLoad,
  room: (x: AgentLoad) => number,
  open: ReadonlyMap<number, number>,
): boolean {
  if (room(a) !== room(b)) return room(a) > room(b);
  const openA = open.get(a.staffId) ?? 0;
  const openB = open.get(b.staffId) ?? 0;
  if (openA !== openB) return openA < openB;
  return a.staffId < b.staffId;
}
