import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';

// Sign-in timing (not a test): median of wrong-e-mail vs wrong-password answers, which must not tell one from the other.
const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, snapshot: { type: 'string' } } });
const runs = Number(values.runs);
const db = values.snapshot ? await openPglite('memory://', new Blob([readFileSync(values.snapshot)])) : await openPglite('memory://');
if (!values.snapshot) {
  await migrate(db);
  await loadDemoData(db, { scale: 'small', today: '2026-03-16', now: '2026-03-16T15:00:00.000Z' });
}
const app = await buildApp({
  db,
  jwtSecret: new TextEncoder().encode('timing-secret-timing-secret-timing!'),
  loginLimits: { perPair: 10_000, perEmail: 10_000, perIp: 10_000 },
});
await app.ready();

const time = async (email: string) => {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login/employee', payload: { email, password: 'not-the-password' } });
  if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  return performance.now() - started;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
for (let i = 0; i < 3; i++) await Promise.all([time('nadie@mirador.test'), time(demoEmployee.email)]);
const unknown: number[] = [];
const wrong: number[] = [];
// Interleaved, so that load on the machine weighs on both alike.
for (let i = 0; i < runs; i++) {
  unknown.push(await time(`nadie${i}@mirador.test`));
  wrong.push(await time(demoEmployee.email));
}
console.log(`wrong e-mail:    median ${median(unknown).toFixed(1)} ms (min ${Math.min(...unknown).toFixed(1)}, max ${Math.max(...unknown).toFixed(1)}) over ${runs}`);
console.log(`wrong password:  median ${median(wrong).toFixed(1)} ms (min ${Math.min(...wrong).toFixed(1)}, max ${Math.max(...wrong).toFixed(1)}) over ${runs}`);
await app.close();
await db.close();
