// DATABASE_URL=… npx tsx scripts/measureIdleGap.ts [--today D] [--gap 12] [--rounds 10]
//
// A user who reads a screen for a while before opening the next: each round waits --gap seconds, then opens one
// report screen (every call it makes as it opens, at once, as the engine does), on two servers over the same
// database, alternating which goes first. One server's pools close a connection unused for 10 s (node-pg's default,
// what the server did before DB_POOL_IDLE_SECONDS), the other's keep it for the default of DB_POOL_IDLE_SECONDS: after
// a gap, the first opens new connections and PostgreSQL builds their sessions' catalog caches again. Prints each
// round's times and the medians, and their ratio. A measurement, not a test.
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/app.ts';
import { defaultPostgresTimeouts, openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';
import { screenCalls } from './bench/screenCalls.ts';
import { median, ms, ratio } from './bench/stats.ts';
import { fetchBody } from './bench/throughput.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    gap: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '10' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names the filled PostgreSQL database to measure.');
const gapMs = Number(values.gap) * 1000;
const rounds = Number(values.rounds);
const today = values.today;

// The screens as they open: their calls grouped by definition, in the order of the definitions.
const screens = new Map<string, string[]>();
for (const call of await screenCalls(today)) {
  const screen = call.name.split('/')[0]!;
  screens.set(screen, [...(screens.get(screen) ?? []), call.url]);
}
const screenList = [...screens];

const secret = new TextEncoder().encode('idle-gap-secret-idle-gap-secret-idle!!');
const now = () => new Date(`${today}T15:00:00Z`);
const servers = await Promise.all(
  [
    { name: 'closed after 10 s', poolIdleMs: 10_000 },
    { name: `kept ${defaultPostgresTimeouts.poolIdleMs / 1000} s`, poolIdleMs: defaultPostgresTimeouts.poolIdleMs },
  ].map(async ({ name, poolIdleMs }) => {
    const db = await openPostgres(databaseUrl, {}, { poolIdleMs });
    const app = await buildApp({ db, jwtSecret: secret, now });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { name, app, db, base: `http://127.0.0.1:${address.port}`, times: [] as number[] };
  }),
);
const [employee] = await servers[0]!.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };

const open = async (base: string, urls: string[]) => {
  const started = performance.now();
  await Promise.all(urls.map((url) => fetchBody(base, url, headers, false)));
  return performance.now() - started;
};

try {
  // Every screen once on both, so that neither starts colder than the other.
  for (const [, urls] of screenList) for (const server of servers) await open(server.base, urls);
  console.log(`${rounds} rounds, ${values.gap} s apart, ${screenList.length} screens in turn (ms to open a screen):`);
  for (let round = 0; round < rounds; round++) {
    const [screen, urls] = screenList[(round * 7) % screenList.length]!;
    await sleep(gapMs);
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const line: string[] = [];
    for (const server of order) {
      const took = await open(server.base, urls);
      server.times.push(took);
      line.push(`${server.name} ${ms(took)}`);
    }
    console.log(`  ${screen.padEnd(34)} ${urls.length} calls: ${line.join(', ')}`);
  }
  const [closed, kept] = servers.map((s) => median(s.times)) as [number, number];
  console.log(`median: ${servers[0]!.name} ${ms(closed)} ms, ${servers[1]!.name} ${ms(kept)} ms; kept over closed ${ratio(kept, closed)}×`);
} finally {
  for (const server of servers) {
    await server.app.close();
    await server.db.close();
  }
}
