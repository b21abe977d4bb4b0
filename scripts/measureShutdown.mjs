// Measures SIGTERM with large answers in flight: starts the server (scripts/start.ts, as npm start, without npm's
// signal relay), sends IN_FLIGHT reports, SIGTERM after SIGTERM_AFTER_MS, counts full, cut and refused answers.
// Environment: the server's own (PORT, DATA_DIR, DATABASE_URL…) plus QUERY, GZIP, FIRST_PAUSE_MS, PAUSE_EACH_MS, SERVER_LOG.
import { spawn } from 'node:child_process';
import http from 'node:http';
import zlib from 'node:zlib';

const cwd = process.argv[2] ?? '.';
const port = Number(process.env.PORT ?? 8096);
const inFlight = Number(process.env.IN_FLIGHT ?? 20);
const query = process.env.QUERY ?? 'itemsPerPage=-1';
const server = spawn('node', ['--import', 'tsx', 'scripts/start.ts'], { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
server.stdout.on('data', (d) => (log += d));
server.stderr.on('data', (d) => (log += d));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function decode(buf, enc) { try { return enc === 'gzip' ? zlib.gunzipSync(buf).toString() : buf.toString(); } catch { return ''; } }

function request(path, { method = 'GET', body, token, slow = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const req = http.request({ host: '127.0.0.1', port, path, method, agent: false,
      headers: { ...(process.env.GZIP && { 'accept-encoding': 'gzip' }), ...(body && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) } }, (res) => {
      const chunks = [];
      let paused = false;
      const pauseEach = Number(process.env.PAUSE_EACH_MS ?? 0);
      res.on('data', (c) => { chunks.push(c); if (!slow) return; if (!paused) { paused = true; res.pause(); setTimeout(() => res.resume(), Number(process.env.FIRST_PAUSE_MS ?? 1000)); } else if (pauseEach) { res.pause(); setTimeout(() => res.resume(), pauseEach); } });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: decode(Buffer.concat(chunks), res.headers['content-encoding']), complete: res.complete, ms: Date.now() - started }));
      res.on('error', (e) => resolve({ status: res.statusCode, error: e.code ?? e.message, bytes: Buffer.concat(chunks).length, ms: Date.now() - started }));
      res.on('aborted', () => {});
    });
    req.on('error', (e) => resolve({ error: e.code ?? e.message, ms: Date.now() - started }));
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

for (let i = 0; ; i++) {
  const r = await request('/api/health');
  if (r.status === 200) break;
  if (i > 1200) { console.log(log); throw new Error('server did not start'); }
  await sleep(500);
}
const login = await request('/api/v1/auth/login/employee', { method: 'POST', body: { email: 'demo@mirador.test', password: 'mirador-demo' } });
const token = JSON.parse(login.body).token;
const warm = await request(`/api/v1/report/booking?${query}`, { token });
console.log('one answer alone:', warm.status, warm.body.length, 'bytes', warm.ms, 'ms');
const answers = Array.from({ length: inFlight }, () => request(`/api/v1/report/booking?${query}`, { token, slow: true }));
await sleep(Number(process.env.SIGTERM_AFTER_MS ?? 1500));
const termAt = Date.now();
server.kill('SIGTERM');
await sleep(100);
const late = await request('/api/health');
const results = await Promise.all(answers);
const exit = await exited;
let full = 0, cut = 0, other = [];
for (const r of results) {
  let ok = false;
  if (r.status === 200 && r.body) { try { ok = Array.isArray(JSON.parse(r.body).data); } catch {} }
  if (ok) full++;
  else if (r.status === 200) cut++;
  else other.push(r.status ?? r.error);
}
console.log(JSON.stringify({ inFlight, full, cut, other, lateRequest: { status: late.status, error: late.error, body: late.body, connection: late.headers?.connection, ms: late.ms },
  exitCode: exit.code, exitSignal: exit.signal, secondsToExit: (exit.at - termAt) / 1000 }));
(await import('node:fs')).writeFileSync(process.env.SERVER_LOG ?? 'shutdown-server.log', log + `\nSIGTERM at ${termAt}\n`);
console.log('--- server output (not request logs) ---\n' + log.split('\n').filter((l) => !l.startsWith('{')).slice(-8).join('\n'));
