import { describe, expect, it } from 'vitest';
import { answerCache } from './answerCache.ts';

describe('answerCache', () => {
  it('reuses an answer for its lifetime on the given clock, then loads again', async () => {
    let clock = 1_000_000;
    let loads = 0;
    const cache = answerCache(60, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock += 60_000;
    expect(await cache.get('k', load)).toBe(1);
    clock += 1;
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = answerCache(60, () => 0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', async () => ++loads)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
  });

  it('does not keep a failed load', async () => {
    const cache = answerCache(60, () => 0);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most its bound of answers, dropping the least recently used', async () => {
    const cache = answerCache(60, () => 0, 3);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    // a is asked for again, so b is the least recently used when d arrives.
    expect(await cache.get('a', async () => 'a again')).toBe('a');
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'b again')).toBe('b again');
    expect(await cache.get('a', async () => 'a again')).toBe('a');
    expect(await cache.get('d', async () => 'd again')).toBe('d');
  });

  it('loads every time with a lifetime of 0', async () => {
    let loads = 0;
    const cache = answerCache(0, () => 0);
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
    expect(cache.size).toBe(0);
  });
});
