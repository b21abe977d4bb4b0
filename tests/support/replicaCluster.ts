import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A primary PostgreSQL server and one streaming replica of it, each on a port of its own, in a temporary directory. */
export interface ReplicaCluster {
  dir: string;
  primaryUrl: string;
  replicaUrl: string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  waitForReplay(): Promise<void>;
  /** Stops applying the primary's changes (the replica keeps answering, with the data it had). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes the directory; safe to call twice and after a failed start. */
  destroy(): Promise<void>;
}

/** The directory of initdb, pg_ctl and pg_basebackup of one version: PG_BINDIR, the newest Debian install, or PATH. */
function binDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  return found ?? '';
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

async function freePort(preferred: readonly number[]): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
      });
    });
  for (const port of preferred) {
    const free = await tryPort(port);
    if (free) return free;
  }
  const any = await tryPort(0);
  if (!any) throw new Error('no free TCP port for a test PostgreSQL server');
  return any;
}

/** Starts a primary (initdb) and a streaming replica of it (pg_basebackup -R), both on ports of their own. */
export async function startReplicaCluster(options: { ports?: readonly number[] } = {}): Promise<ReplicaCluster> {
  const bin = binDir();
  const program = (name: string) => (bin ? join(bin, name) : name);
  // As root the servers run as `postgres`, who must reach the directory: /tmp, not a private TMPDIR.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'mirador-replicas-'));
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const running = new Set<string>();
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const pgRun = async (name: string, args: string[]) => {
    const [file, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', program(name), ...args]] : [program(name), args];
    try {
      await run(file, all, { timeout: 120_000 });
    } catch (error) {
      const output = error as { stderr?: string; stdout?: string };
      throw new Error(`${name} ${args.join(' ')} failed: ${output.stderr || output.stdout || String(error)}`, { cause: error });
    }
  };
  const logTail = (name: string) => {
    const file = join(dir, `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : '';
  };
  /**
   * Starts a server on `port`, or on another free one when something took that port between the check and the start
   * (another test run beside this one): later `port` lines of postgresql.conf win. Returns the port it listens on.
   */
  const start = async (name: 'primary' | 'replica', port: number): Promise<number> => {
    const data = name === 'primary' ? primaryDir : replicaDir;
    for (let attempt = 1; ; attempt++) {
      try {
        await pgRun('pg_ctl', ['-D', data, '-l', join(dir, `${name}.log`), '-w', '-t', '60', 'start']);
        running.add(data);
        return port;
      } catch (error) {
        const log = logTail(name);
        if (!/Address already in use/.test(log) || attempt >= 5) throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
        port = await freePort([]);
        appendFileSync(join(data, 'postgresql.conf'), `port = ${port}\n`);
      }
    }
  };
  const stop = async (data: string) => {
    if (!running.has(data)) return;
    await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running.delete(data);
  };
  // If the test process ends without its afterAll (a crash, a kill), the servers must not outlive it.
  const onExit = () => {
    for (const data of running) {
      try {
        const args = ['-D', data, '-m', 'immediate', 'stop'];
        if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', program('pg_ctl'), ...args], { stdio: 'ignore' });
        else execFileSync(program('pg_ctl'), args, { stdio: 'ignore' });
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  let destroyed: Promise<void> | undefined;
  const destroy = () =>
    (destroyed ??= (async () => {
      process.removeListener('exit', onExit);
      try {
        for (const data of [...running]) await stop(data).catch(() => undefined);
      } finally {
        onExit(); // immediate stop of whatever would not stop fast, then the directory
      }
    })());

  try {
    let primaryPort = await freePort(options.ports ?? []);
    let replicaPort = await freePort((options.ports ?? []).filter((p) => p !== primaryPort));
    const settings = (port: number) =>
      [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, 'fsync = off', 'full_page_writes = off'].join('\n');
    await pgRun('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    appendFileSync(join(primaryDir, 'postgresql.conf'), `${settings(primaryPort)}\nwal_level = replica\n`);
    primaryPort = await start('primary', primaryPort);
    // -R writes the replica's primary_conninfo and standby.signal: it streams from the primary from the start.
    await pgRun('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--no-sync']);
    appendFileSync(join(replicaDir, 'postgresql.conf'), `${settings(replicaPort)}\n`);
    replicaPort = await start('replica', replicaPort);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    const one = async <T>(url: string, sql: string, params: unknown[] = []): Promise<T> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows[0] as T;
      } finally {
        await client.end();
      }
    };
    const { standby } = await one<{ standby: boolean }>(replicaUrl, 'SELECT pg_is_in_recovery() AS standby');
    if (!standby) throw new Error('the replica is not in recovery');
    return {
      dir,
      primaryUrl,
      replicaUrl,
      async waitForReplay() {
        const { lsn } = await one<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
        for (let i = 0; ; i++) {
          const { done } = await one<{ done: boolean }>(replicaUrl, 'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS done', [lsn]);
          if (done) return;
          if (i >= 1200) throw new Error(`the replica did not replay up to ${lsn}\n${logTail('replica')}`);
          await sleep(50);
        }
      },
      async pauseReplay() {
        await one(replicaUrl, 'SELECT pg_wal_replay_pause()');
        while ((await one<{ state: string }>(replicaUrl, 'SELECT pg_get_wal_replay_pause_state() AS state')).state !== 'paused') await sleep(20);
      },
      async resumeReplay() {
        await one(replicaUrl, 'SELECT pg_wal_replay_resume()');
      },
      stopReplica: () => stop(replicaDir),
      // Back on its own port (its address is in the test's configuration): no other port will do.
      startReplica: async () => {
        const port = await start('replica', replicaPort);
        if (port !== replicaPort) throw new Error(`the replica came back on port ${port}, not ${replicaPort}`);
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
