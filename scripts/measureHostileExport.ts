/**
 * Sends a 20 kB export body full of column expressions (a catastrophic regular expression each) and measures the
 * server meanwhile: its RSS (from /proc, PID of the server) and the latency of /api/health.
 *   BASE=http://127.0.0.1:8731 PID=<server pid> EXPORT_URL=/api/v1/export SECONDS=30 npx tsx scripts/measureHostileExport.ts
 * MODE=memory sends texts that grow instead. Signs in as the demo employee. EXPORT_URL: where the body goes (the old endpoint took the list path after it).
 */
import { readFileSync } from 'node:fs';

const base = process.env.BASE ?? 'http://127.0.0.1:8731';
const pid = process.env.PID;
const exportUrl = process.env.EXPORT_URL ?? '/api/v1/export';
const seconds = Number(process.env.SECONDS ?? 30);

const rssMb = () => (pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024 : Number.NaN);

const login = await fetch(`${base}/api/v1/auth/login/employee`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@mirador.test', password: 'mirador-demo' }),
});
if (!login.ok) throw new Error(`login answered ${login.status}`);
const { token } = (await login.json()) as { token: string };

// MODE=memory: each cell a text grown 8-fold six times (2 MB); else a backtracking regular expression per cell.
const grow = (text: string, times: number): string => (times === 0 ? text : `replace(${grow(text, times - 1)}, regexp('x', 'g'), 'xxxxxxxx')`);
const column = (i: number) =>
  process.env.MODE === 'memory'
    ? { header: `C${i}`, value: grow(`'xxxxxxxx${i}'`, 6) }
    : { header: `C${i}`, value: `test('^(a+)+$', 'aaaaaaaaaaaaaaaaaa!') ? ${i} : 0` };
const body = JSON.stringify({
  format: 'xlsx',
  title: 'x',
  fileName: 'x',
  generatedBy: 'Otra persona',
  columns: Array.from({ length: process.env.MODE === 'memory' ? 80 : 300 }, (_, i) => column(i)),
});
console.log(`body ${(body.length / 1024).toFixed(1)} kB to ${exportUrl}`);

const baseline = rssMb();
let maxRss = baseline;
const until = Date.now() + seconds * 1000;
const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb())), 250);

let answered: string | undefined;
const started = performance.now();
const exportCall = fetch(`${base}${exportUrl}`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body,
  signal: AbortSignal.timeout(seconds * 1000),
})
  .then(async (res) => {
    const text = res.status === 200 ? `${(await res.arrayBuffer()).byteLength} bytes` : await res.text();
    answered = `${res.status} after ${(performance.now() - started).toFixed(0)} ms: ${text.slice(0, 160)}`;
  })
  .catch((error: unknown) => (answered = `no answer within ${seconds} s (${String(error)})`));

let worstHealth = 0;
let probes = 0;
while (Date.now() < until && answered === undefined) {
  const probe = performance.now();
  try {
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(Math.max(1, until - Date.now())) });
  } catch {
    // No answer before the end of the measurement: counted as the time waited.
  }
  worstHealth = Math.max(worstHealth, performance.now() - probe);
  probes += 1;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await exportCall;
clearInterval(sampler);
console.log(`export: ${answered}`);
console.log(`/api/health: ${probes} probes, slowest ${worstHealth.toFixed(0)} ms`);
console.log(`RSS: ${baseline.toFixed(0)} MB before, ${maxRss.toFixed(0)} MB at most`);
