import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig, type Config } from './config.ts';
import type { Db } from './db/Db.ts';
import { setOperatorTimeZone } from '../core/timeZone.ts';
import { migrate } from './db/migrate.ts';
import { deferredDb } from './db/deferredDb.ts';
import { embeddedDataDir, openDb } from './db/openDb.ts';
import { openWithRetry } from './db/openWithRetry.ts';
import { serverName } from './db/replicas.ts';
import { demoEmployee } from './demo/demoAccounts.ts';
import { loggerOptions } from './logger.ts';
import { messages } from './messages.ts';
import { enableGracefulShutdown, shutdown } from './shutdown.ts';
import { serverCommit } from './version.ts';

const webRoot = fileURLToPath(new URL('../dist/web/', import.meta.url));

async function fillIfEmpty(db: Db, config: Config) {
  // The primary: a replica may not have replayed the migrations yet, and the load writes there.
  const [row] = await db.primary.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
  if (!config.demoData || (row?.n ?? 0) > 0) return;
  console.log(`Base de datos vacía: cargando los datos de demostración (${config.demoScale})…`);
  // Only a first start loads the generator and the progress bar.
  const [{ default: cliProgress }, { demoNow, loadDemoData }] = await Promise.all([import('cli-progress'), import('./demo/loadDemoData.ts')]);
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {percentage}% | {label}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { label: '' });
  const started = Date.now();
  const clock = new Date();
  const today = config.demoToday ?? clock.toISOString().slice(0, 10);
  const counts = await loadDemoData(db.primary, {
    scale: config.demoScale,
    today,
    now: config.demoNow ?? demoNow(today, clock),
    ...(config.demoSeed !== undefined && { seed: config.demoSeed }),
    onProgress: (done, total, label) => {
      bar.setTotal(total);
      bar.update(done, { label });
    },
  });
  bar.stop();
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Datos cargados: ${rows.toLocaleString('es-CO')} filas en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Opens and migrates the database, waiting while it is down; any other failure ends the process with a Spanish reason. */
async function openDatabase(config: Config): Promise<Db> {
  const open = async () => {
    const db = await openDb({
      ...config,
      postgresTimeouts: {
        connectMs: config.dbConnectTimeoutSeconds * 1000,
        statementMs: config.dbStatementTimeoutSeconds * 1000,
        streamMs: config.dbStreamTimeoutSeconds * 1000,
        poolIdleMs: config.dbPoolIdleSeconds * 1000,
        acquireMs: config.dbAcquireTimeoutSeconds * 1000,
        probeMs: config.dbProbeMs,
      },
      postgresPoolSizes: {
        max: config.dbPoolSize,
        streams: config.dbStreamPoolSize,
        reserved: config.dbReservedPoolSize,
        ...(config.dbPoolPerEmployee !== undefined && { perEmployee: config.dbPoolPerEmployee }),
      },
      onReplicaChange: (text) => console.warn(text),
    });
    try {
      // Migrations write, and read what they wrote: on the primary.
      await migrate(db.primary);
      return db;
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
  };
  console.log(config.databaseUrl ? messages.startup.connecting(serverName(config.databaseUrl)) : messages.startup.openingEmbedded(embeddedDataDir(config.dataDir)));
  try {
    return await openWithRetry(open, { onWait: (text) => console.warn(text) });
  } catch (error) {
    console.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** The database must know the operator's zone as the server does (its own time zone data): else the start ends. */
async function checkTimeZone(db: Db, zone: string) {
  try {
    await db.primary.query('SELECT now() AT TIME ZONE $1', [zone]);
  } catch {
    await db.close().catch(() => undefined);
    console.error(`Configuración no válida: ${messages.config.timeZoneUnknownToDatabase(zone)}`);
    process.exit(1);
  }
}

/** Opens and prepares the database, then serves the API and the web app until stopped; `npm run dev` adds the API docs. */
export async function main(options: { apiDocs?: boolean } = {}) {
  const started = Date.now();
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuración no válida: ${error.message}`);
    process.exit(1);
  }
  // Until the server listens, a stop signal just ends the process (a first load rolls back).
  const stopWhileStarting = () => process.exit(0);
  process.once('SIGINT', stopWhileStarting);
  process.once('SIGTERM', stopWhileStarting);
  // The engine's formatters write the server-built files' dates and times on the operator's clock.
  setOperatorTimeZone(config.operatorTimeZone);
  // The API's modules (fastify, its plugins, the routes, zod) load and its routes are built while the database opens
  // on its worker thread: the app is built over the database to come, whose calls wait for the open.
  const opening = openDatabase(config);
  const ready = opening.then(async (db) => {
    await checkTimeZone(db, config.operatorTimeZone);
    await fillIfEmpty(db, config);
    return db;
  });
  // Awaited once the app is built; a failure before then is that await's to report, not an unhandled rejection.
  ready.catch(() => undefined);
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({
    db: deferredDb(opening, config.databaseUrl ? { kind: 'postgres' } : { kind: 'pglite', dataDir: embeddedDataDir(config.dataDir) }),
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    loginLimits: config.loginLimits,
    trustProxy: config.trustProxy,
    sessionCacheSeconds: config.sessionCacheSeconds,
    lookupCacheSeconds: config.lookupCacheSeconds,
    readReuseMs: config.readReuseMs,
    versionedCacheMb: config.versionedCacheMb,
    webConfig: config.webConfig,
    timeZone: config.operatorTimeZone,
    exportLimits: config.exportLimits,
    mail: {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      publicUrl: config.mail.publicUrl,
      maxRows: config.mail.maxRows,
      pollSeconds: config.mail.pollSeconds,
    },
    hsts: config.hsts,
    apiDocs: options.apiDocs ?? false,
    webRoot,
    logger: await loggerOptions(config.logLevel, config.production),
    commit: serverCommit(config.commit),
    httpLimits: {
      requestMs: config.requestTimeoutSeconds * 1000,
      idleMs: config.connectionIdleSeconds * 1000,
      keepAliveMs: config.keepAliveTimeoutSeconds * 1000,
    },
  });
  // Nothing is served before the migrations, the zone check and the demo data are done.
  const db = await ready;
  enableGracefulShutdown(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} de nuevo: se detiene sin esperar.`);
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    // No new mail from here on; a job in hand is finished within a few seconds or left to its lease.
    const mailStopped = app.subscriptions.stop();
    // Said once the stop is in effect: what connects after this line is a new connection.
    const stopped = shutdown(app, db, config.shutdownGraceSeconds * 1000);
    console.log(`${signal}: no se aceptan más conexiones; terminando las solicitudes en curso (hasta ${config.shutdownGraceSeconds} s)…`);
    const { forced } = await stopped;
    await mailStopped;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (forced) console.error(`Detenido a la fuerza tras ${seconds} s: quedaban solicitudes o la base de datos no se cerró a tiempo.`);
    else console.log(`Detenido en ${seconds} s.`);
    process.exit(forced ? 1 : 0);
  };
  process.removeListener('SIGINT', stopWhileStarting);
  process.removeListener('SIGTERM', stopWhileStarting);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  // After the migrations and the listen: the subscriptions due (also those due while the server was stopped) go out.
  app.subscriptions.start();
  if (!config.mail.smtpUrl) console.log(messages.startup.mailOff);
  console.log(`\nMirador listo en http://${shownHost}:${port} (${db.kind}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`Acceso de demostración: ${demoEmployee.email} / ${demoEmployee.password}\n`);
  if (options.apiDocs) console.log(`Documento OpenAPI del API: http://${shownHost}:${port}${(await import('./http/openApi.ts')).apiDocsPath}\n`);
}

// Run as a program: from its source (`tsx server/main.ts`) or as the built bundle (`node dist/server/main.mjs`, whose
// import.meta.url the build points at this source file).
const program = process.argv[1] && resolve(process.argv[1]);
if (program && [fileURLToPath(import.meta.url), fileURLToPath(new URL('../dist/server/main.mjs', import.meta.url))].includes(program)) await main();
