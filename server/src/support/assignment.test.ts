import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, type AgentLoad, type Assignment } from './assignment.ts';

const RUNS = process.env.CI ? 200 : 500;

/** The reference: for each conversation, sort every agent with room by the rule and take the first. */
function reference(agents: readonly AgentLoad[], waiting: readonly number[]): Assignment[] {
  const open = new Map(agents.map((a) => [a.staffId, a.open]));
  const out: Assignment[] = [];
  for (const conversationId of waiting) {
    const candidates = agents
      .filter((a) => a.online && a.capacity - (open.get(a.staffId) ?? 0) > 0)
      .map((a) => ({
        a,
        room: a.capacity - (open.get(a.staffId) ?? 0),
        n: open.get(a.staffId) ?? 0,
      }))
      .sort((x, y) => y.room - x.room || x.n - y.n || x.a.staffId - y.a.staffId);
    const chosen = candidates[0];
    if (chosen === undefined) break;
    open.set(chosen.a.staffId, chosen.n + 1);
    out.push({ conversationId, staffId: chosen.a.staffId });
  }
  return out;
}

const agentsArb = fc.uniqueArray(
  fc.record({
    staffId: fc.integer({ min: 1, max: 60 }),
    online: fc.boolean(),
    capacity: fc.integer({ min: 0, max: 20 }),
    open: fc.integer({ min: 0, max: 25 }),
  }),
  { selector: (a) => a.staffId, maxLength: 12 },
);
const waitingArb = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 80 });

describe('assignment by capacity', () => {
  it('spreads 5 conversations over agents with limits 2 and 3 as 2 and 3', () => {
    const agents = [
      { staffId: 1, online: true, capacity: 2, open: 0 },
      { staffId: 2, online: true, capacity: 3, open: 0 },
    ];
    const out = assign(agents, [11, 12, 13, 14, 15]);
    expect(out.filter((a) => a.staffId === 1)).toHaveLength(2);
    expect(out.filter((a) => a.staffId === 2)).toHaveLength(3);
    expect(assign(agents, [1, 2, 3, 4, 5, 6])).toHaveLength(5);
  });

  it('matches the reference, stays within capacity and leaves no one waiting while there is room', () => {
    fc.assert(
      fc.property(agentsArb, waitingArb, (agents, waiting) => {
        const out = assign(agents, waiting);
        expect(out).toEqual(reference(agents, waiting));
        // Oldest first: what is assigned is the queue's head.
        expect(out.map((a) => a.conversationId)).toEqual(waiting.slice(0, out.length));
        const open = new Map(agents.map((a) => [a.staffId, a.open]));
        for (const a of out) open.set(a.staffId, (open.get(a.staffId) ?? 0) + 1);
        for (const agent of agents) {
          const given = out.filter((a) => a.staffId === agent.staffId).length;
          if (!agent.online) expect(given).toBe(0);
          if (given > 0) expect(open.get(agent.staffId)).toBeLessThanOrEqual(agent.capacity);
        }
        if (out.length < waiting.length) {
          for (const agent of agents.filter((a) => a.online)) {
            expect(open.get(agent.staffId)).toBeGreaterThanOrEqual(agent.capacity);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
