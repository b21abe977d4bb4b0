import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from './testServer.ts';

/** An error answer as clients must see it: only a Spanish `message`, no SQL, no stack. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['message']);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(body.message).toMatch(/[a-záéíóúñ]{3}/i);
  expect(body.message).not.toMatch(/select |from |where |sqlstate|stack|\.ts\b|error:|syntax|relation/i);
}

/** GET as the demo employee, asserting 200; the parsed body. */
export async function getOk(server: TestServer, url: string) {
  const res = await server.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
}

/** The UTC calendar day of an instant as the database driver answers it. */
export const utcDay = (instant: Date | string) => new Date(instant).toISOString().slice(0, 10);
