import { describe, expect, it } from 'vitest';
import { openWithRetry } from './openWithRetry.ts';
import { openPostgres } from './openPostgres.ts';

describe('openWithRetry', () => {
  it('waits while the database is down, saying so in Spanish, and opens it when it answers', async () => {
    let calls = 0;
    const waits: { text: string; delayMs: number }[] = [];
    const opened = await openWithRetry(
      async () => {
        calls++;
        // The real error of a PostgreSQL server that is not there (nothing listens on port 1).
        if (calls < 3) await openPostgres('postgres://postgres@127.0.0.1:1/mirador', { max: 1 }, { connectMs: 1_000 });
        return 'the database';
      },
      { onWait: (text, _attempt, delayMs) => waits.push({ text, delayMs }), firstDelayMs: 5, maxDelayMs: 8 },
    );
    expect(opened).toBe('the database');
    expect(calls).toBe(3);
    expect(waits.map((wait) => wait.delayMs)).toEqual([5, 8]);
    expect(waits[0]!.text).toMatch(/^La base de datos no responde \(ECONNREFUSED\)\. Esperando a la base de datos \(intento 1, próximo en 0 s\)…$/);
    expect(waits[1]!.text).toContain('intento 2');
  });

  it('gives up at once on an error that waiting cannot fix', async () => {
    let calls = 0;
    const wrongSetting = Object.assign(new Error('password authentication failed for user "mirador"'), { code: '28P01' });
    const failing = openWithRetry(
      async () => {
        calls++;
        throw wrongSetting;
      },
      { onWait: () => undefined, firstDelayMs: 1 },
    );
    await expect(failing).rejects.toBe(wrongSetting);
    expect(calls).toBe(1);
  });
});
