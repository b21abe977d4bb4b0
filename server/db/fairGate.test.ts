import { describe, expect, it } from 'vitest';
import { FairGate, GateTimeout } from './fairGate.ts';

describe('FairGate', () => {
  it("lets others pass a key that holds its share, and gives that key's waiter the next place it may take", async () => {
    const gate = new FairGate({ capacity: 3, perKey: 2 });
    const a1 = await gate.acquire('a', 1_000);
    await gate.acquire('a', 1_000);
    let third = false;
    const a3 = gate.acquire('a', 1_000).then((leave) => ((third = true), leave));
    // Another employee passes the waiting one.
    const b1 = await gate.acquire('b', 1_000);
    expect(third).toBe(false);
    b1();
    await Promise.resolve();
    expect(third).toBe(false);
    a1();
    (await a3)();
    expect(third).toBe(true);
  });

  it('bounds every wait, saying whether the share or the whole gate was full, and lets an abort end it', async () => {
    const gate = new FairGate({ capacity: 2, perKey: 1 });
    await gate.acquire('a', 100);
    await expect(gate.acquire('a', 100)).rejects.toEqual(new GateTimeout('share'));
    await gate.acquire(undefined, 100);
    await expect(gate.acquire('b', 100)).rejects.toEqual(new GateTimeout('busy'));
    const abort = new AbortController();
    const waiting = gate.acquire('c', 10_000, abort.signal);
    abort.abort(new Error('silent'));
    await expect(waiting).rejects.toThrow('silent');
  });
});
