import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throughput } from './throughput.ts';

describe('throughput', () => {
  const calls = [{ name: 'one', url: '/one' }];
  const clients = 4;
  // A server that is slow while it is cold (its first four calls, one per client, are answered a second late) and then
  // answers at once: a second, so that no stall of a busy machine passes for it; counted in calls, not time, so that
  // a busy machine cannot send the first calls after the cold part.
  let server: Server;
  let base: string;
  let served = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      const cold = served++ < clients;
      setTimeout(() => response.end('{}'), cold ? 1000 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('times only the calls sent after the warm-up, and counts the warm-up apart', async () => {
    served = 0;
    const result = await throughput(base, {}, calls, clients, 0.3, 1.2);
    expect(result.warmup.seconds).toBe(1.2);
    expect(result.warmup.requests).toBeGreaterThan(0);
    expect(result.warmup.maxMs).toBeGreaterThanOrEqual(990);
    expect(result.requests).toBeGreaterThan(0);
    expect(result.maxMs).toBeLessThan(990);
    expect(result.perCall[0]!.requests).toBe(result.requests);
    expect(result.errors + result.warmup.errors).toBe(0);
  });

  it('without a warm-up, the cold calls make the figures', async () => {
    served = 0;
    const result = await throughput(base, {}, calls, clients, 0.3);
    expect(result.warmup.requests).toBe(0);
    expect(result.maxMs).toBeGreaterThanOrEqual(990);
  });
});
