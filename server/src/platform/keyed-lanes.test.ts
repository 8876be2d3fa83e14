import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedLanes, LaneFull } from './keyed-lanes.ts';

describe('keyed lanes', () => {
  it('run each key’s tasks one at a time in arrival order, keys side by side', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 3 }), fails: fc.boolean() }), {
          maxLength: 40,
        }),
        async (tasks) => {
          const lanes = new KeyedLanes<number>(100);
          const running = new Map<number, number>();
          const order = new Map<number, number[]>();
          let sideBySide = 0;
          const answers = tasks.map(({ key, fails }, i) =>
            lanes
              .run(key, async () => {
                const now = (running.get(key) ?? 0) + 1;
                expect(now).toBe(1);
                running.set(key, now);
                sideBySide = Math.max(sideBySide, [...running.values()].filter((n) => n).length);
                await new Promise((r) => setImmediate(r));
                order.set(key, [...(order.get(key) ?? []), i]);
                running.set(key, now - 1);
                if (fails) throw new Error(`task ${i}`);
                return i;
              })
              .then(
                (v) => ({ ok: v }),
                (e: Error) => ({ err: e.message }),
              ),
          );
          const results = await Promise.all(answers);
          // A failed task fails alone: the lane goes on with the next.
          results.forEach((r, i) =>
            expect(r).toEqual(tasks[i]?.fails ? { err: `task ${i}` } : { ok: i }),
          );
          for (const [key, seen] of order) {
            const expected = tasks.flatMap((t, i) => (t.key === key ? [i] : []));
            expect(seen).toEqual(expected);
          }
          expect(lanes.size).toBe(0);
          if (new Set(tasks.map((t) => t.key)).size > 1) expect(sideBySide).toBeGreaterThan(1);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuse a task past the bound of its lane only', async () => {
    const lanes = new KeyedLanes<string>(2);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const first = lanes.run('a', () => gate);
    const second = lanes.run('a', async () => 'second');
    await expect(lanes.run('a', async () => 'third')).rejects.toBeInstanceOf(LaneFull);
    await expect(lanes.run('b', async () => 'other')).resolves.toBe('other');
    release();
    await first;
    await expect(second).resolves.toBe('second');
    expect(lanes.size).toBe(0);
  });
});
