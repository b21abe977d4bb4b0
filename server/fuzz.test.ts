import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileRequest, type HostileRequest } from '../tests/support/hostileInput.ts';
import { startTestServer } from '../tests/support/testServer.ts';
import type { RegisteredRoute } from './app.ts';

// Every route the server registers, fuzzed with hostile requests: no 5xx, `{ message }` in Spanish, nothing leaked,
// nothing without a session but public routes, in every spelling of the path (tests/support/hostileInput.ts).
const server = await startTestServer();
afterAll(() => server.close());

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Variants per route; HEAD twins of GET routes get a quarter. */
const runs = Number(process.env.FUZZ_RUNS ?? 16);
const routes = server.app.routeList.filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.url === r.url) === i);
const decoders: Record<string, (b: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };
let sent = 0;
let busyMs = 0;
const statuses = new Map<number, number>();

// Linear on the megabytes a report may answer: no unbounded run before a fixed suffix.
const stack = /\n\s+at |\bat [\w$.<>]+ \(|\.(?:ts|js|mjs|cjs):\d+/;
const path = /\/work\/|node_modules|\/home\/|\/usr\/|\.ts\b/;
const sql = /sqlstate|syntax error|invalid input syntax|invalid byte sequence|violates|relation "|column "|\bpg\b|pglite|postgres|ERROR:|\b(?:SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|JOIN)\b/i;
const english = /\b(?:error|invalid|expected|received|unexpected|undefined|null|nan|bad request|not found|unauthorized|forbidden|client|exceeded|cannot|failed|must|required|too|is not|string|number|object|array|int)\b/i;

/** The message with whatever the request itself put there taken out: quoted input is not a leak. */
function ownWords(message: string, request: HostileRequest): string {
  let rest = message.replace(/^No existe la ruta [A-Z]+ \S*/, 'No existe la ruta').replace(/valores: .*$/, 'valores');
  for (const text of [...request.echoable].filter((t) => t.length >= 2).sort((a, b) => b.length - a.length)) {
    rest = rest.split(text).join('');
  }
  return rest.replace(/«[^»]*»/g, '«»');
}

function checkAnswer(route: RegisteredRoute, request: HostileRequest, status: number, headers: LightMyRequestResponse['headers'], body: string) {
  const where = `${request.label} → ${status} ${body.slice(0, 300)}`;
  expect(status, where).toBeLessThan(500);
  // Deny by default, in every spelling: no answer of a route that needs a session without one, and none kept by a cache.
  if (!route.public && request.auth !== 'token') expect(status, `${where}: answered without a session`).toBeGreaterThanOrEqual(400);
  if (!route.public || status >= 400) expect(headers['cache-control'], `${where}: may be stored`).toBe('no-store');
  const contentType = String(headers['content-type'] ?? '');
  expect(body, where).not.toMatch(stack);
  if (status < 300) expect(request.readable.filter((t) => /[\u0000-\u001f\u007f]/.test(t)), `${where}: control character let through`).toEqual([]);
  if (request.options.method === 'HEAD') return;
  const isJson = contentType.startsWith('application/json');
  if (status >= 400 || isJson) expect(isJson, where).toBe(true);
  if (!isJson) return;
  const parsed: unknown = JSON.parse(body);
  if (status < 400) return;
  expect(parsed, where).toEqual({ message: expect.any(String) });
  const own = ownWords((parsed as { message: string }).message, request);
  expect(own, where).not.toMatch(path);
  expect(own, where).not.toMatch(sql);
  expect(own, where).not.toMatch(english);
}

describe(`fuzz: every registered route (seed ${seed}, FUZZ_SEED=${seed} reproduces)`, () => {
  it('lists the routes from the server itself', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/v1/auth/login/employee' }));
  });

  it.for(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s answers hostile requests safely', async ([, route]) => {
    const property = fc.asyncProperty(hostileRequest(route, server.token), async (request) => {
      sent += 1;
      const t0 = performance.now();
      const res = await server.request(request.options);
      busyMs += performance.now() - t0;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const decode = decoders[String(res.headers['content-encoding'])];
      const body = decode ? decode(res.rawPayload).toString('utf8') : res.body;
      checkAnswer(route, request, res.statusCode, res.headers, body);
    });
    await fc.assert(property, { seed: seed + routes.indexOf(route), numRuns: route.method === 'HEAD' ? Math.max(1, Math.floor(runs / 4)) : runs });
  });

  it('keeps serving afterwards', async () => {
    expect((await server.get('/api/health', null)).statusCode).toBe(200);
    const report = await server.get('/api/v1/report/booking?itemsPerPage=5');
    expect(report.statusCode).toBe(200);
    expect(report.json().data.length).toBeGreaterThan(0);
    expect(sent).toBeGreaterThanOrEqual(200);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.info(`fuzz: ${sent} hostile requests over ${routes.length} routes (${byStatus}) in ${(busyMs / 1000).toFixed(1)} s of requests, seed ${seed}`);
  });
});
