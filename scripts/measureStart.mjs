// npm run measure-start [-- --runs 5 --scale demo --data-dir DIR --out start-results.json]: how long a second start takes to answer
// /api/health (everything already built, the database already filled with the `--scale` demo data: by default `demo`,
// what `npm start` loads; `small` for a quick look), for `npm start`, for the launcher without npm
// (node scripts/start.mjs) and for the server run from its TypeScript sources through tsx (how npm start ran before
// the bundle). The variants alternate so that a loaded machine weighs on each alike; medians and ratios are printed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    scale: { type: 'string', default: 'demo' },
    out: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
// --data-dir: a DATA_DIR already filled (by an earlier start or npm run demo-data), used as it is and kept.
const dataDir = values['data-dir'] ? resolve(values['data-dir']) : mkdtempSync(join(tmpdir(), 'mirador-start-'));

const variants = [
  { name: 'npm start', command: 'npm', args: ['start', '--silent'] },
  { name: 'node scripts/start.mjs', command: process.execPath, args: ['scripts/start.mjs'] },
  { name: 'tsx server/main.ts (before)', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] },
];

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/**
 * CPU time (user + system, every thread) the processes of process group `group` have used so far, from /proc (Linux):
 * unlike the wall time, it hardly grows when other work shares the cores.
 */
function groupCpuMs(group) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Starts `variant`, waits until /api/health answers, stops it; the milliseconds to the first answer and main's own figure. */
async function start(variant) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SCALE: values.scale,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', done));
  let readyMs;
  let cpuMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant.name} exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        readyMs = performance.now() - started;
        cpuMs = groupCpuMs(child.pid);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  const main = /listo en \S+ \(\w+, ([\d.]+) s\)/.exec(output);
  return { readyMs, cpuMs, mainMs: main ? Number(main[1]) * 1000 : NaN };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  console.log(values['data-dir'] ? `First start (builds what is stale; ${dataDir} as it is)…` : `First start (builds what is stale, loads the ${values.scale} demo data)…`);
  const first = await start(variants[0]);
  console.log(`  ${(first.readyMs / 1000).toFixed(1)} s`);
  const times = new Map(variants.map((v) => [v.name, []]));
  for (let i = 0; i < Number(values.runs); i++) {
    for (const variant of i % 2 ? [...variants].reverse() : variants) times.get(variant.name).push(await start(variant));
  }
  const rows = variants.map((v) => {
    const runs = times.get(v.name);
    return {
      name: v.name,
      readyMs: Math.round(median(runs.map((r) => r.readyMs))),
      cpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
      mainMs: Math.round(median(runs.map((r) => r.mainMs))),
      runs: runs.map((r) => Math.round(r.readyMs)),
    };
  });
  const before = rows.at(-1);
  console.log(
    `\nSecond start, median of ${values.runs}: ms to the first /api/health answer, and the CPU time its processes used until` +
      ` then (on a loaded machine the closer to an idle machine's wall time); main = the server's own part:`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(28)} ${String(r.readyMs).padStart(6)} ms ${(r.readyMs / before.readyMs).toFixed(2)}× before;` +
        ` CPU ${String(r.cpuMs).padStart(5)} ms ${(r.cpuMs / before.cpuMs).toFixed(2)}× before (main ${r.mainMs} ms)`,
    );
  }
  if (values.out) {
    writeFileSync(resolve(values.out), `${JSON.stringify({ generatedAt: new Date().toISOString(), scale: values.scale, variants: rows }, null, 2)}\n`);
    console.log(`Written to ${resolve(values.out)}`);
  }
} finally {
  if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
