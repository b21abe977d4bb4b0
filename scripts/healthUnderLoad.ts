/**
 * Measures how the server answers /api/health and a 400 while many clients ask for a heavy report.
 *   BASE=http://localhost:8097 CLIENTS=50 SECONDS=30 npx tsx scripts/healthUnderLoad.ts
 * Signs in as the demo employee; REPORT (default the booking report, every row) is the heavy route.
 */
export {};

const base = process.env.BASE ?? 'http://localhost:8097';
const clients = Number(process.env.CLIENTS ?? 50);
const seconds = Number(process.env.SECONDS ?? 30);
const report = process.env.REPORT ?? '/api/v1/report/booking?itemsPerPage=-1';

const login = await fetch(`${base}/api/v1/auth/login/employee`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'demo@mirador.test', password: 'mirador-demo' }),
});
if (!login.ok) throw new Error(`login answered ${login.status}`);
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const until = Date.now() + seconds * 1000;
let reports = 0;
let reportErrors = 0;

async function client() {
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}${report}`, { headers: auth });
      await res.arrayBuffer();
      if (res.ok) reports++;
      else reportErrors++;
    } catch {
      reportErrors++;
    }
  }
}

async function probe(path: string, expected: number, headers: Record<string, string> = {}) {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const describe = (name: string, t: number[]) =>
  `${name}: n=${t.length} p50=${pct(t, 50).toFixed(1)} ms p99=${pct(t, 99).toFixed(1)} ms max=${(t.at(-1) ?? NaN).toFixed(1)} ms`;

const [health, bad] = await Promise.all([
  probe('/api/health', 200),
  probe('/api/v1/report/booking?itemsPerPage=abc', 400, auth),
  ...Array.from({ length: clients }, client),
]);
console.log(`${clients} clients on ${report} for ${seconds} s: ${reports} reports answered, ${reportErrors} failed`);
console.log(describe('/api/health', health as number[]));
console.log(describe('400 (itemsPerPage=abc)', bad as number[]));
