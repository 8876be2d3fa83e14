import { describe, expect, it } from 'vitest';
import { Code } from '../../../../contract/errors.ts';
import { ConcurrencyGate } from './concurrency-gate.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ConcurrencyGate', () => {
  it('runs at most `slots` at once, queues `queue` more and refuses the rest as busy', async () => {
    const gate = new ConcurrencyGate(2, 3);
    const release = deferred();
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await release.promise;
      running -= 1;
      return 'done';
    };
    const outcomes = Array.from({ length: 8 }, () => gate.run('normal', task));
    const settled = Promise.allSettled(outcomes);
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toBe(2);
    release.resolve();
    const results = await settled;
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: Code.busy, statusCode: 503 });
    }
    // Every slot came back: a new burst gets the same room.
    await expect(gate.run('normal', async () => 'again')).resolves.toBe('again');
  });

  it('hands the slot on when a task throws', async () => {
    const gate = new ConcurrencyGate(1, 1);
    const failing = gate.run('normal', async () => {
      throw new Error('boom');
    });
    const next = gate.run('normal', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await expect(gate.run('normal', async () => 'free')).resolves.toBe('free');
  });

  it('runs first-lane tasks ahead; one finding the queue full takes the newest normal place', async () => {
    const gate = new ConcurrencyGate(1, 2);
    const release = deferred();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await release.promise;
    };
    const running = gate.run('normal', task('running'));
    const older = gate.run('normal', task('older'));
    const newer = gate.run('normal', task('newer'));
    const first = gate.run('first', task('first'));
    await expect(newer).rejects.toMatchObject({ code: Code.busy });
    expect(() => gate.refuseIfFull('normal')).toThrow();
    expect(() => gate.refuseIfFull('first')).not.toThrow(); // 'older' could still give way
    release.resolve();
    await Promise.all([running, older, first]);
    expect(order).toEqual(['running', 'first', 'older']);
  });
});
