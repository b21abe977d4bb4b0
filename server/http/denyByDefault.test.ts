import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSpellings, spellingsReachingRoute, type PathPieces } from '../../tests/support/hostileInput.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';

// Every route the server registered, asked without a token in the spellings an attacker tries: only public routes answer.
let server: TestServer;
let port: number;
let origin: string;
let webRoot: string;
const indexHtml = '<!doctype html><title>Mirador</title>';

/** The routes anyone may call: sign-in, probes, the web app's files and settings, the placeholder images. */
const expectedPublic = [
  'GET /*',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/version',
  'GET /config.json',
  'GET /images/:size/*',
  'HEAD /*',
  'HEAD /api/health',
  'HEAD /api/ready',
  'HEAD /api/version',
  'HEAD /config.json',
  'HEAD /images/:size/*',
  'POST /api/v1/auth/login/employee',
];

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'mirador-deny-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), indexHtml);
  writeFileSync(join(webRoot, 'assets', 'index-1.js'), 'console.log(1);');
  server = await startTestServer({ webRoot });
  const address = new URL(await server.app.listen({ host: '127.0.0.1', port: 0 }));
  port = Number(address.port);
  origin = address.origin;
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const routes = () =>
  server.app.routeList.filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.url === r.url) === i);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The route's path in pieces, each parameter filled with a value its schema accepts, so that a bypass answers data. */
async function filledPieces(url: string): Promise<PathPieces> {
  const [booking] = await server.db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY id LIMIT 1');
  const values: Record<string, string> = { ref: booking!.ref, type: 'task', size: 'lg', '*': 'x.svg', masterID: '000000000000000000000000' };
  return url.split('/').slice(1).map((piece) =>
    piece.startsWith(':') || piece === '*' ? { wire: values[piece.replace(/^:/, '')] ?? '1', fixed: false } : { wire: piece, fixed: true },
  );
}

const spellingCount = Object.keys(pathSpellings).length + 1;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a real socket, its target sent as written (inject() would resolve `//x` and cannot send absolute form). */
function ask(method: string, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, agent: false, headers: { connection: 'close' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Spellings the router reads as the route itself: the session check must answer them, not a 404. */
const reachesRoute = new Set([...spellingsReachingRoute, 'absolute form']);

/** What is wrong with a tokenless answer of a non-public route: anything but a Spanish 401 (or 404 where no route matches) that no one may keep. */
function defect(method: string, spelling: string, answer: Answer): string | undefined {
  const expected = reachesRoute.has(spelling) ? [401] : [401, 404];
  if (!expected.includes(answer.status)) return `answered ${answer.status}`;
  if (answer.headers['cache-control'] !== 'no-store') return `${answer.status} with Cache-Control ${String(answer.headers['cache-control'])}`;
  if (method === 'HEAD') return undefined;
  const message = answer.status === 401 ? messages.authRequired : /^No existe la ruta /;
  try {
    const body = JSON.parse(answer.body) as { message?: unknown };
    if (typeof message === 'string' ? body.message !== message : !message.test(String(body.message))) return `${answer.status} ${answer.body}`;
  } catch {
    return `${answer.status} not JSON: ${answer.body.slice(0, 80)}`;
  }
  return undefined;
}

describe('deny by default: every route needs a session unless it says it is public', () => {
  it('reads the routes from the server, and only the expected ones are public', () => {
    expect(routes().length).toBeGreaterThan(60);
    expect(routes().filter((r) => r.public).map(key).sort()).toEqual(expectedPublic);
  });

  it('answers no route without a token, in any spelling, path or absolute form', async () => {
    const found: string[] = [];
    const opened = new Map<string, Set<string>>();
    const closed = routes().filter((r) => !expectedPublic.includes(key(r)));
    for (const route of closed) {
      const pieces = await filledPieces(route.url);
      const asked = [
        ...Object.entries(pathSpellings).map(([name, spell]) => [name, spell(pieces)] as const),
        ['absolute form', `${origin}${pathSpellings['as registered'](pieces)}`] as const,
      ];
      for (const [name, url] of asked) {
        const answer = await ask(route.method, url);
        const wrong = defect(route.method, name, answer);
        if (wrong) found.push(`${key(route)} as ${name} (${route.method} ${url}): ${wrong}`);
        // The app's index page for an unknown path is no data; anything else with a 2xx is.
        const appPage = String(answer.headers['content-type']).startsWith('text/html');
        if (answer.status < 300 && !appPage) opened.set(name, (opened.get(name) ?? new Set()).add(key(route)));
      }
    }
    const summary = [...opened].map(([name, set]) => `${name}: ${set.size}`).join('; ');
    const routesOpen = new Set([...opened.values()].flatMap((set) => [...set]));
    const paths = new Set([...routesOpen].map((r) => r.split(' ')[1]));
    console.info(`deny by default: ${closed.length} non-public routes (HEAD twins included) × ${spellingCount} spellings; ` +
      `${routesOpen.size} routes (${paths.size} paths) answered data without a token (${summary || 'none'}); ${found.length} defects`);
    expect(found).toEqual([]);
  });

  it('keeps public routes and the web app open, with their own caching', async () => {
    const page = await server.request({ method: 'GET', url: '/general/booking' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(indexHtml);
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await server.request({ method: 'GET', url: '/assets/index-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/api/health', '/api/ready', '/api/version', '/config.json']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers unknown API paths in any spelling as a JSON 404, never the app page', async () => {
    for (const spell of Object.values(pathSpellings)) {
      for (const path of ['/api/v1/nothing', '/api/v1/client']) {
        const url = spell(path.split('/').slice(1).map((wire) => ({ wire, fixed: true })));
        const res = await ask('GET', url);
        if (res.status === 401) continue;
        expect(res.status, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  it('marks every signed-in answer of every route no-store', async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    const notStored: string[] = [];
    for (const route of routes().filter((r) => !expectedPublic.includes(key(r)) && r.method === 'GET')) {
      const res = await server.request({ method: 'GET', url: pathSpellings['as registered'](await filledPieces(route.url)), headers: auth });
      if (res.headers['cache-control'] !== 'no-store') notStored.push(`${key(route)} → ${res.statusCode} ${String(res.headers['cache-control'])}`);
    }
    expect(notStored).toEqual([]);
  });
});
