import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('expires entries after the TTL', () => {
    const cache = new TtlCache<number>(1000, 10);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops the oldest entry past the bound', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
  });

  it('forgets matching entries', () => {
    const cache = new TtlCache<{ user: number }>(1000, 10);
    cache.set('x', { user: 1 }, 0);
    cache.set('y', { user: 2 }, 0);
    cache.forget((v) => v.user === 1);
    expect(cache.get('x', 1)).toBeUndefined();
    expect(cache.get('y', 1)).toEqual({ user: 2 });
  });
});
