import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throughput, waitBehind } from './throughput.ts';

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

describe('waitBehind with downloads left unread', () => {
  // A heavy answer that never ends (written as fast as the client reads) and a light one answered at once.
  let server: Server;
  let base: string;
  const heavy = { started: 0, open: 0 };
  /** Heavy answers open when each light call came. */
  const openAtLight: number[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url !== '/heavy') {
        openAtLight.push(heavy.open);
        return response.end('{}');
      }
      heavy.started++;
      heavy.open++;
      response.on('close', () => heavy.open--);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const write = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', write);
      write();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('holds that many downloads open while it times the light call, then hangs them up', async () => {
    const result = await waitBehind(base, {}, { name: 'light', url: '/light' }, [{ name: 'heavy', url: '/heavy' }], 5, 3);
    expect(result).toMatchObject({ light: 'light', heavy: ['heavy'], stalled: 3, samples: 5 });
    expect(heavy.started).toBe(3);
    // Three warm-up calls and five alone with none open, then five beside the three.
    expect(openAtLight).toEqual([...Array(8).fill(0), ...Array(5).fill(3)]);
    expect(result.duringMaxMs).toBeLessThan(10_000);
    await expect.poll(() => heavy.open, { timeout: 10_000 }).toBe(0);
  });
});
