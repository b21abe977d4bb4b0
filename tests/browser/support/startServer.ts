import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoDay, waitForOneDayMs } from './demoDay.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Address of the server `npm start` started for the browser tests. */
    baseUrl: string;
  }
}

/** Runs `npm start` itself (build if stale, embedded database, small demo data) on a free port. */
export default async function setup(project: TestProject) {
  // MIRADOR_BROWSER_URL points the tests at a server already running (faster while writing tests).
  const given = process.env.MIRADOR_BROWSER_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/$/, ''));
    return;
  }
  const wait = waitForOneDayMs();
  if (wait > 0) {
    console.warn(`The browser tests wait ${Math.ceil(wait / 60_000)} min for midnight UTC: their demo data is of one day, the browser's today.`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mirador-browser-'));
  const { baseUrl, stop } = await startMirador({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(48).toString('base64url') });
  project.provide('baseUrl', baseUrl);
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export interface StartedMirador {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  baseUrl: string;
  /** SIGTERM to `npm start`'s process group (SIGKILL a minute later); resolves once it has exited (the database closed). */
  stop(): Promise<void>;
}

/**
 * `npm start` as the browser tests run it (embedded database, small demo data of today, the production bundle), with
 * `env` over those settings: DATA_DIR and JWT_SECRET (required), and any other variable a test needs, e.g. SMTP_URL
 * and SUBSCRIPTION_POLL_SECONDS for the subscriptions' test, or a fixed PORT to start again at the same address.
 */
export async function startMirador(env: { DATA_DIR: string; JWT_SECRET: string } & Record<string, string>): Promise<StartedMirador> {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_SCALE: 'small',
      // A whole day of data today, whatever the hour: the screens that open on today find rows at 00:05 too.
      ...demoDay().env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The bundle users get (vitest's NODE_ENV=test would build React's development bundle), served as in production, which demands a secret.
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not become ready:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Mirador listo en (http:\/\/[^\s]+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const group = -child.pid;
      process.kill(group, 'SIGTERM');
      // Past the server's own shutdown grace, the group is killed.
      const kill = setTimeout(() => process.kill(group, 'SIGKILL'), 60_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
