import { describe, expect, it } from 'vitest';
import { readAhead } from './readAhead.ts';

/** A source that counts what was read from it and whether it was closed. */
function counted(items: number, failAt?: number) {
  const seen = { read: 0, closed: false };
  async function* source() {
    try {
      for (let i = 0; i < items; i += 1) {
        if (i === failAt) throw new Error('fetch failed');
        seen.read += 1;
        // A fetch: the next row comes after the event loop turns.
        if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
        yield i;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { source: source(), seen };
}

async function collect(iterator: AsyncIterable<number>) {
  const out: number[] = [];
  for await (const item of iterator) out.push(item);
  return out;
}

describe('readAhead', () => {
  it('gives every item in order', async () => {
    const { source, seen } = counted(5000);
    expect(await collect(readAhead(source, 100))).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(seen.closed).toBe(true);
  });

  it('reads at most `limit` items ahead of a consumer that waits', async () => {
    const { source, seen } = counted(5000);
    const ahead = readAhead(source, 100);
    await ahead.next();
    for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(seen.read).toBeGreaterThan(1);
    expect(seen.read).toBeLessThanOrEqual(102);
  });

  it('closes the source when the consumer leaves early', async () => {
    const { source, seen } = counted(5000);
    const ahead = readAhead(source, 100);
    for await (const item of ahead) if (item === 250) break;
    expect(seen.closed).toBe(true);
    expect(seen.read).toBeLessThan(400);
  });

  it('passes the items read before an error, then the error', async () => {
    const { source } = counted(5000, 42);
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source, 100)) got.push(item);
      })(),
    ).rejects.toThrow('fetch failed');
    expect(got).toEqual(Array.from({ length: 42 }, (_, i) => i));
  });
});
