/**
 * Reads up to `limit` items of `source` ahead of its consumer, so that the database fetches the next batch of rows
 * while the consumer takes the rows before it (without it, each fetch waits for the consumer and the consumer for
 * each fetch). PGlite's streamJson reads its held cursor through it.
 * `return()` stops reading and returns the source (a cursor closes). A source's error reaches the consumer after the
 * items read before it.
 */
export function readAhead<T>(source: AsyncIterator<T>, limit: number): AsyncIterableIterator<T> & { return(): Promise<IteratorResult<T>> } {
  let buffer: T[] = [];
  let head = 0;
  let done = false;
  let stopped = false;
  let failure: { error: unknown } | undefined;
  let pumping: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };

  async function pump(): Promise<void> {
    try {
      while (!stopped && buffer.length - head < limit) {
        const step = await source.next();
        if (step.done) {
          done = true;
          break;
        }
        buffer.push(step.value);
        woken();
      }
    } catch (error) {
      failure = { error };
    } finally {
      pumping = undefined;
      woken();
    }
  }
  const startPump = () => {
    if (!pumping && !done && !failure && !stopped) pumping = pump();
  };

  return {
    async next(): Promise<IteratorResult<T>> {
      for (;;) {
        if (head < buffer.length) {
          const value = buffer[head]!;
          head += 1;
          // Drop what was read once it is most of the array.
          if (head > 1024 && head * 2 > buffer.length) {
            buffer = buffer.slice(head);
            head = 0;
          }
          startPump();
          return { value, done: false };
        }
        if (failure) throw failure.error;
        if (done || stopped) return { value: undefined, done: true };
        startPump();
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return(): Promise<IteratorResult<T>> {
      stopped = true;
      buffer = [];
      head = 0;
      await pumping;
      await source.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
