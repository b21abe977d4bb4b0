/** A waiter of the gate ran out of time: its employee's share was full (`share`) or the whole gate was (`busy`). */
export class GateTimeout extends Error {
  constructor(readonly reason: 'share' | 'busy') {
    super(reason === 'share' ? "every connection of the caller's share stayed in use" : 'every connection stayed in use');
    this.name = 'GateTimeout';
  }
}

interface Waiter {
  key: string | number | undefined;
  grant(): void;
  fail(error: Error): void;
}

export interface GateOptions {
  /** Holders at once (a pool's connections). */
  capacity: number;
  /** Holders at once for one key (an employee); keyless callers are held only by capacity. */
  perKey: number;
}

/**
 * Admission to a pool's connections, first come first served, where one key (an employee) holds at most `perKey` of
 * them: a caller past its share waits behind its own requests only, and others pass it. Every wait is bounded.
 */
export class FairGate {
  private held = 0;
  private readonly heldBy = new Map<string | number, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly options: GateOptions) {}

  private canEnter(key: Waiter['key']): boolean {
    if (this.held >= this.options.capacity) return false;
    return key === undefined || (this.heldBy.get(key) ?? 0) < this.options.perKey;
  }

  private enter(key: Waiter['key']): () => void {
    this.held += 1;
    if (key !== undefined) this.heldBy.set(key, (this.heldBy.get(key) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.held -= 1;
      if (key !== undefined) {
        const count = (this.heldBy.get(key) ?? 1) - 1;
        if (count === 0) this.heldBy.delete(key);
        else this.heldBy.set(key, count);
      }
      this.admit();
    };
  }

  private admit() {
    for (let i = 0; i < this.queue.length && this.held < this.options.capacity; ) {
      const waiter = this.queue[i]!;
      if (this.canEnter(waiter.key)) {
        this.queue.splice(i, 1);
        waiter.grant();
      } else {
        i += 1;
      }
    }
  }

  /** Resolves with the function that gives the place back; rejects after `timeoutMs` (GateTimeout) or when `signal` aborts. */
  acquire(key: Waiter['key'], timeoutMs: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    // Whoever waits cannot enter (admit runs on every release), so one who can passes them.
    if (this.canEnter(key)) return Promise.resolve(this.enter(key));
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
      };
      const waiter: Waiter = {
        key,
        grant: () => {
          done();
          resolve(this.enter(key));
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      const aborted = () => waiter.fail(signal!.reason as Error);
      const timer = setTimeout(() => {
        const share = key !== undefined && (this.heldBy.get(key) ?? 0) >= this.options.perKey;
        waiter.fail(new GateTimeout(share ? 'share' : 'busy'));
      }, timeoutMs);
      signal?.addEventListener('abort', aborted, { once: true });
      this.queue.push(waiter);
    });
  }
}
