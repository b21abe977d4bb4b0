import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readyServer } from '../tests/support/serverProcess.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// One embedded database for every start: the first creates and migrates it, the others open it.
const dataDir = mkdtempSync(join(tmpdir(), 'mirador-npm-stop-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The processes below `pid` (Linux: each /proc/<pid>/stat names its parent). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, the fields after its last ')' do not.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while listed.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of parents) if (of === parent) walk(found[found.push(child) - 1]!);
  };
  walk(pid);
  return found;
}

/** Whether a process with this id is still there (a zombie counts as gone: it runs nothing and holds no port). */
function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether something accepts connections at `base`. */
function listening(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs `npm <args>` as a terminal would (a process group of its own), waits until the server is ready, sends the
 * signal as `how` says, then checks that the port closes and that neither npm nor any process below it is left.
 */
async function stopsWholly(args: string[], how: 'SIGTERM to npm' | 'Ctrl-C', production = false, whileUp?: (base: string) => Promise<void>) {
  const env = production ? { NODE_ENV: 'production', JWT_SECRET: 'q7Vt-2mZ8xLk_R4pW9nB3sJ6hD1fG5cY0aE' } : { NODE_ENV: 'development' };
  const npm = spawn('npm', args, {
    cwd: root,
    detached: true,
    // The embedded database: CI exports DATABASE_URL for the server-postgres project, which this start must not take.
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const npmPid = npm.pid!;
  let tree: number[] = [];
  try {
    // A first `npm start` on a fresh checkout builds the web app and the server's bundle before it serves.
    const server = await readyServer(npm, 280_000);
    tree = descendants(npmPid);
    expect(tree.length, server.output()).toBeGreaterThan(0);
    expect(await listening(server.base)).toBe(true);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    await whileUp?.(server.base);

    // Ctrl-C in a terminal signals its whole foreground process group; a process manager signals npm alone.
    if (how === 'Ctrl-C') process.kill(-npmPid, 'SIGINT');
    else process.kill(npmPid, 'SIGTERM');

    await expect.poll(() => listening(server.base), { timeout: 60_000, interval: 100 }).toBe(false);
    await expect.poll(() => [npmPid, ...tree].filter(alive), { timeout: 60_000, interval: 100 }).toEqual([]);
    expect(server.output()).toMatch(/Detenido en/);
    return server.output();
  } finally {
    // Whatever happened, nothing of this test is left running.
    for (const pid of [npmPid, ...tree].filter(alive)) process.kill(pid, 'SIGKILL');
  }
}

describe('stopping `npm start` and `npm run serve`', () => {
  it('npm start (building only what is stale) stops with no process left when npm alone gets SIGTERM', async () => {
    const output = await stopsWholly(['start'], 'SIGTERM to npm');
    // What it said meanwhile: what it was doing, in Spanish, and readable log lines, one per request, not JSON.
    expect(output).toMatch(/^Abriendo la base de datos embebida \(.*pglite\)…$/m);
    expect(output).not.toMatch(/no responde/);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO.*: GET \/api\/health 200 \(\d+ ms\)/m);
    expect(output).not.toMatch(/^\{/m);
  }, 400_000);

  it('npm start stops with no process left on Ctrl-C', async () => {
    await stopsWholly(['start'], 'Ctrl-C');
  }, 300_000);

  it('npm run serve, from the build npm start made, stops with no process left when npm alone gets SIGTERM', async () => {
    const output = await stopsWholly(['run', 'serve'], 'SIGTERM to npm', true, async (base) => {
      // The bundle names the commit the build recorded: this checkout's HEAD, npm start having just built it.
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
      expect(await (await fetch(`${base}/api/version`)).json()).toEqual({ version, commit: head });
    });
    // In production the log is JSON lines, for a collector.
    const health = output.split('\n').filter((line) => line.includes('GET /api/health 200'));
    expect(health).toHaveLength(1);
    expect(JSON.parse(health[0]!)).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
  }, 300_000);

  it('npm run serve stops with no process left on Ctrl-C', async () => {
    await stopsWholly(['run', 'serve'], 'Ctrl-C');
  }, 300_000);
});
