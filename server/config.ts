import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { WebConfig } from './http/webConfig.ts';
import { defaultHttpLimits } from './http/httpLimits.ts';
import { messages } from './messages.ts';
import { defaultLookupCacheSeconds } from './http/answerCache.ts';
import { defaultReadReuseMs } from './db/coalescedReads.ts';
import { defaultVersionedCacheMb } from './http/versionedCache.ts';
import { defaultSessionCacheSeconds } from './http/auth.ts';
import { defaultLoginLimits, type LoginLimits } from './routes/auth.ts';
import type { Scale } from './demo/loadDemoData.ts';
import { defaultPostgresPoolSizes, defaultPostgresTimeouts } from './db/openPostgres.ts';
import { defaultExportLimits, type ExportLimits } from './export/exportBudget.ts';
import { canonicalTimeZone, defaultTimeZone } from '../core/timeZone.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of `databaseUrl` that serve the reads, round robin (empty: every read on the primary). */
  databaseReplicaUrls: string[];
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  logLevel: string;
  /** NODE_ENV=production: JWT_SECRET required, logs as JSON lines. */
  production: boolean;
  /** The commit /api/version names when the build could not record it (MIRADOR_COMMIT). */
  commit: string | undefined;
  /** Fill an empty database with the demo operator on start. */
  demoData: boolean;
  demoScale: Scale;
  demoSeed: number | undefined;
  demoToday: string | undefined;
  /** The instant the demo data ends on its anchor day (undefined: the moment of loading, or the day's last second). */
  demoNow: string | undefined;
  /** The operator's IANA time zone (OPERATOR_TIME_ZONE): of every "today", hour of day and moment of day. */
  operatorTimeZone: string;
  loginLimits: Partial<LoginLimits>;
  /** Proxies whose X-Forwarded-For names the client (fastify `trustProxy`): off, all, a hop count or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** How long a token's employee (exists, active, tips right) is remembered before the database is asked again. */
  sessionCacheSeconds: number;
  /** How long the lookups', the TRM's and the app-use summaries' answers are reused (LOOKUP_CACHE_SECONDS; 0: never). */
  lookupCacheSeconds: number;
  /** How long an ended read's rows answer the same read again (READ_REUSE_MS; 0: only reads asked while it runs). */
  readReuseMs: number;
  /** Megabytes of year reports' answers kept under the versions of their data (VERSIONED_CACHE_MB; 0: off). */
  versionedCacheMb: number;
  webConfig: Partial<WebConfig>;
  /** TLS is in front of the server: send Strict-Transport-Security. */
  hsts: boolean;
  dbConnectTimeoutSeconds: number;
  dbStatementTimeoutSeconds: number;
  /** The longest the statement of an all-rows answer may run, its reader's pace included (DB_STREAM_TIMEOUT_SECONDS, PostgreSQL). */
  dbStreamTimeoutSeconds: number;
  /** Connections to each PostgreSQL server for requests' statements (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** Connections to each PostgreSQL server for all-rows answers and server-built exports (DB_STREAM_POOL_SIZE). */
  dbStreamPoolSize: number;
  /** How long an unused connection to PostgreSQL stays open before it is closed (DB_POOL_IDLE_SECONDS). */
  dbPoolIdleSeconds: number;
  /** Connections of DB_POOL_SIZE one employee's requests hold at once (DB_POOL_PER_EMPLOYEE; undefined: half). */
  dbPoolPerEmployee: number | undefined;
  /** Connections kept for sign-in, the session check and readiness (DB_RESERVED_POOL_SIZE). */
  dbReservedPoolSize: number;
  /** The longest a request waits for a free connection while the database answers (DB_ACQUIRE_TIMEOUT_SECONDS). */
  dbAcquireTimeoutSeconds: number;
  /** Silence of the database that has it probed, and the probe's own limit (DB_PROBE_MS). */
  dbProbeMs: number;
  /** To send a whole request, body included (REQUEST_TIMEOUT_SECONDS): then 408. */
  requestTimeoutSeconds: number;
  /** A connection with no byte either way is closed (CONNECTION_IDLE_SECONDS). */
  connectionIdleSeconds: number;
  /** A kept-alive connection between requests (KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveTimeoutSeconds: number;
  shutdownGraceSeconds: number;
  /** Seconds and bytes one server-built file may take (EXPORT_MAX_SECONDS, EXPORT_MAX_MB); past them it ends with a note. */
  exportLimits: ExportLimits;
  /** E-mail subscriptions: SMTP_URL, MAIL_FROM, PUBLIC_URL, SUBSCRIPTION_MAX_ROWS, SUBSCRIPTION_POLL_SECONDS. */
  mail: MailConfig;
}

export interface MailConfig {
  /** The SMTP server (SMTP_URL); undefined: sending is not configured. */
  smtpUrl: string | undefined;
  from: string;
  /** The web app's address, for the links back (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** Rows per attached file (SUBSCRIPTION_MAX_ROWS). */
  maxRows: number;
  pollSeconds: number;
}

export const defaultMailFrom = 'Mirador <mirador@localhost>';
export const defaultSubscriptionMaxRows = 10_000;
export const defaultSubscriptionPollSeconds = 30;

export class ConfigError extends Error {}

/** One environment variable Mirador reads: .env.example and the README's table are checked against this list. */
export interface ConfigVariable {
  name: string;
  /** A value that behaves as the variable unset; '' when none does (the default depends on other variables or the moment). */
  default: string;
  /** The default in words, where `default` is '' or says too little. */
  shown?: string;
  text: string;
  /** Read by `npm run dev` (scripts/dev.ts, vite.config.ts), not by the server. */
  devOnly?: true;
}

/** Every variable `readConfig` reads, and those of `npm run dev`: the one list of them. */
export const configVariables = [
  { name: 'PORT', default: '8080', text: 'port of the app and the API (0: any free port)' },
  { name: 'HOST', default: '0.0.0.0', text: 'address to listen on' },
  { name: 'NODE_ENV', default: '', shown: '—', text: 'production makes JWT_SECRET required and the logs JSON' },
  { name: 'DATA_DIR', default: './data', text: "embedded database files (pglite/) and the embedded demo's token secret (jwt-secret)" },
  { name: 'DATABASE_URL', default: '', shown: '— (embedded PGlite)', text: 'a PostgreSQL server, postgres://user@host:5432/db, instead of the embedded database' },
  { name: 'DATABASE_REPLICA_URLS', default: '', shown: '—', text: 'comma-separated streaming replicas of DATABASE_URL that serve report reads' },
  { name: 'JWT_SECRET', default: '', shown: 'random, kept in `DATA_DIR`', text: 'token signing secret, >= 32 bytes, not a repeated pattern; required with DATABASE_URL or NODE_ENV=production' },
  { name: 'TOKEN_TTL_HOURS', default: '10', text: 'token lifetime (a working day)' },
  { name: 'DEMO_DATA', default: '', shown: '`true` embedded, `false` with `DATABASE_URL`', text: 'fill an empty database with the demo operator at start' },
  { name: 'DEMO_SCALE', default: 'demo', text: 'size of the demo data: small, demo or large' },
  { name: 'DEMO_TODAY', default: '', shown: 'today (UTC)', text: 'the day the demo data is anchored on, YYYY-MM-DD' },
  { name: 'DEMO_NOW', default: '', shown: 'the moment of loading (the day\'s last second for another day)', text: 'the UTC instant on DEMO_TODAY the demo data ends at, e.g. 2026-11-22T23:59:59Z' },
  { name: 'DEMO_SEED', default: '', shown: '`20231201`', text: 'seed of the demo data' },
  { name: 'LOGIN_MAX_PER_PAIR', default: String(defaultLoginLimits.perPair), text: 'wrong passwords one (e-mail, client address) pair gets before its tries wait (429)' },
  { name: 'LOGIN_MAX_PER_EMAIL', default: String(defaultLoginLimits.perEmail), text: 'failures of one e-mail, from any address, after which its failing pairs wait' },
  { name: 'LOGIN_MAX_PER_IP', default: String(defaultLoginLimits.perIp), text: 'failures from one address, across e-mails, after which its failing pairs wait' },
  { name: 'LOGIN_ATTACK_PER_IP', default: String(defaultLoginLimits.attackPerIp), text: 'failures from one address after which it counts as attacking' },
  { name: 'LOGIN_MAX_DELAY_SECONDS', default: String(defaultLoginLimits.maxDelaySeconds), text: 'the longest wait a sign-in try is given' },
  { name: 'LOGIN_WINDOW_SECONDS', default: String(defaultLoginLimits.windowSeconds), text: 'a sign-in counter with no new failure for this long is forgotten' },
  { name: 'TRUST_PROXY', default: 'false', shown: 'off', text: 'proxies trusted to name the client in X-Forwarded-For: true, a hop count, or addresses/CIDRs' },
  { name: 'HSTS', default: 'false', text: 'true only behind HTTPS: answers carry Strict-Transport-Security' },
  { name: 'SESSION_CACHE_SECONDS', default: String(defaultSessionCacheSeconds), text: "how long a token's employee (exists, active, tips right) is remembered" },
  { name: 'LOOKUP_CACHE_SECONDS', default: String(defaultLookupCacheSeconds), text: 'how long lookup, TRM and app-use summary answers are reused (0: off)' },
  { name: 'READ_REUSE_MS', default: String(defaultReadReuseMs), text: "how long an ended read's rows answer the very same read (0: only reads asked while it runs)" },
  { name: 'VERSIONED_CACHE_MB', default: String(defaultVersionedCacheMb), text: "megabytes of year reports' answers kept until the data they read changes (0: off)" },
  { name: 'DB_CONNECT_TIMEOUT_SECONDS', default: '5', text: 'the longest a new PostgreSQL connection may take; past it, 503' },
  { name: 'DB_STATEMENT_TIMEOUT_SECONDS', default: '30', text: "the longest a request's statement may run; past it, 503" },
  { name: 'DB_STREAM_TIMEOUT_SECONDS', default: '900', text: "the longest an all-rows answer's or server-built export's statement may run (PostgreSQL)" },
  { name: 'DB_POOL_SIZE', default: String(defaultPostgresPoolSizes.max), text: 'connections per instance to each PostgreSQL server for requests' },
  { name: 'DB_STREAM_POOL_SIZE', default: String(defaultPostgresPoolSizes.streams), text: 'connections per instance to each PostgreSQL server for all-rows answers and exports' },
  { name: 'DB_POOL_IDLE_SECONDS', default: String(defaultPostgresTimeouts.poolIdleMs / 1000), text: 'how long an unused PostgreSQL connection stays open' },
  { name: 'DB_POOL_PER_EMPLOYEE', default: '', shown: 'half of `DB_POOL_SIZE`', text: "connections one employee's requests may hold at once; past it they wait, then 429" },
  { name: 'DB_RESERVED_POOL_SIZE', default: String(defaultPostgresPoolSizes.reserved), text: 'connections kept for sign-in, the session check and /api/ready' },
  { name: 'DB_ACQUIRE_TIMEOUT_SECONDS', default: String(defaultPostgresTimeouts.acquireMs / 1000), text: 'the longest wait for a free connection while the database answers; then 503' },
  { name: 'DB_PROBE_MS', default: String(defaultPostgresTimeouts.probeMs), text: 'a database wait this long has the server probed; no answer within it: 503' },
  { name: 'REQUEST_TIMEOUT_SECONDS', default: String(defaultHttpLimits.requestMs / 1000), text: 'a whole request, headers and body, must arrive within it, else 408' },
  { name: 'CONNECTION_IDLE_SECONDS', default: String(defaultHttpLimits.idleMs / 1000), text: 'a connection with no byte either way is closed' },
  { name: 'KEEP_ALIVE_TIMEOUT_SECONDS', default: String(defaultHttpLimits.keepAliveMs / 1000), text: 'a kept-alive connection between requests is closed' },
  { name: 'SHUTDOWN_GRACE_SECONDS', default: '10', text: 'on SIGTERM or SIGINT, how long requests in flight may take to finish' },
  { name: 'MIRADOR_COMMIT', default: '', shown: 'the build\'s `git rev-parse HEAD`', text: 'the commit /api/version names, for an image built without .git' },
  { name: 'LOG_LEVEL', default: 'info', text: 'server log level (fatal, error, warn, info, debug, trace, silent)' },
  { name: 'OPERATOR_TIME_ZONE', default: 'UTC', text: 'the operator\'s IANA time zone (America/Bogota): its day is "today", its clock the hours and moments of day' },
  { name: 'EXPORT_MAX_SECONDS', default: String(defaultExportLimits.seconds), text: 'the longest one server-built file is written for; past it the file ends with a note' },
  { name: 'EXPORT_MAX_MB', default: String(defaultExportLimits.bytes / (1024 * 1024)), text: 'the largest one server-built file may grow; past it the same note' },
  { name: 'EXPORT_SERVER_ROWS', default: '', shown: '`10000`', text: 'an export needing more rows than this, which the screen does not hold, is built by the server' },
  { name: 'SMTP_URL', default: '', shown: '— (sending not configured)', text: 'the SMTP server for e-mail subscriptions, smtp://user:pass@mail.example.com:587 or smtps://…' },
  { name: 'MAIL_FROM', default: defaultMailFrom, text: 'the sender of the subscriptions\' mails' },
  { name: 'PUBLIC_URL', default: '', shown: '`http://localhost:<PORT>`', text: "the web app's address, for the links back to the screen in the mails" },
  { name: 'SUBSCRIPTION_MAX_ROWS', default: String(defaultSubscriptionMaxRows), text: 'rows per file attached to a mail; past it the file ends with a note' },
  { name: 'SUBSCRIPTION_POLL_SECONDS', default: String(defaultSubscriptionPollSeconds), text: 'how often each instance looks for subscriptions and sends due' },
  { name: 'API_BASE_URL', default: '', shown: 'this server', text: 'base URL of the API the web app calls (served at /config.json)' },
  { name: 'AUTH_BASE_URL', default: '', shown: 'this server', text: 'base URL of the sign-in service the web app calls' },
  { name: 'PAYMENTS_BASE_URL', default: '', shown: 'this server', text: 'base URL of the payments service the web app calls' },
  { name: 'MASTER_BASE_URL', default: '', shown: 'this server', text: 'base URL of the master service (clients, leads, app use) the web app calls' },
  { name: 'IMAGES_BASE_URL', default: '', shown: '`/images`', text: 'base URL of the pictures (the demo serves placeholders)' },
  { name: 'API_PORT', default: '8080', text: "npm run dev only: the API's port, which Vite's dev server proxies /api to", devOnly: true },
  { name: 'WEB_PORT', default: '5173', text: "npm run dev only: Vite's dev server port", devOnly: true },
] as const satisfies readonly ConfigVariable[];

/** The name of a variable the server reads: `integer` takes no other. */
type ConfigVariableName = (typeof configVariables)[number]['name'];

export type TrustProxy = boolean | number | string[];

const minSecretBytes = 32;
const minSecretDistinct = 10;

/** The shortest p such that every character equals the one p places before it. */
function period(chars: string[]): number {
  for (let p = 1; p < chars.length; p++) {
    if (chars.every((c, i) => i < p || c === chars[i - p])) return p;
  }
  return chars.length;
}

/** Refuses a secret that is short, of few distinct characters, or one pattern repeated. */
function checkSecret(secret: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.byteLength < minSecretBytes) throw new ConfigError(messages.config.secretShort(minSecretBytes));
  const chars = [...secret];
  if (new Set(chars).size < minSecretDistinct || period(chars) <= chars.length / 2) {
    throw new ConfigError(messages.config.secretWeak(minSecretDistinct));
  }
  return bytes;
}

/** Names fastify (proxy-addr) knows for groups of addresses. */
const addressGroups = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (addressGroups.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (!entries.every(isAddressOrNetwork)) throw new ConfigError(messages.config.trustProxy(value));
  return entries;
}

/** An operator's message may show a URL, never its password. */
const hidePassword = (entry: string) => entry.replace(/(\/\/[^:@/]*:)[^@/]*@/, '$1***@');

function isPostgresUrl(entry: string): boolean {
  try {
    const url = new URL(entry);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && !url.hash;
  } catch {
    return false;
  }
}

/** DATABASE_REPLICA_URLS: PostgreSQL URLs separated by commas, only beside DATABASE_URL. */
function replicaUrls(raw: string | undefined, databaseUrl: string | undefined): string[] {
  const value = raw?.trim() ?? '';
  if (value === '') return [];
  if (!databaseUrl) throw new ConfigError(messages.config.replicasWithoutPrimary);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((entry) => !isPostgresUrl(entry));
  if (bad !== undefined) throw new ConfigError(messages.config.replicaUrl(hidePassword(bad)));
  return entries;
}

function integer(env: NodeJS.ProcessEnv, name: ConfigVariableName, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(messages.config.integer(name, min, raw));
  return value;
}

/** OPERATOR_TIME_ZONE: an IANA name (America/Bogota), UTC when unset. */
function operatorTimeZone(raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (value === '') return defaultTimeZone;
  const zone = canonicalTimeZone(value);
  if (!zone) throw new ConfigError(messages.config.timeZone(value));
  return zone;
}

/** SMTP_URL: smtp:// or smtps://, unset for no sending. */
function smtpUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? '';
  if (value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) throw new ConfigError(messages.config.smtpUrl(hidePassword(value)));
  return value;
}

/** PUBLIC_URL: http(s), no query or fragment; its trailing slash dropped. */
function publicUrl(raw: string | undefined, port: number): string {
  const value = raw?.trim() ?? '';
  if (value === '') return `http://localhost:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) throw new ConfigError(messages.config.publicUrl(value));
  return value.replace(/\/+$/, '');
}

/** The embedded demo keeps a random secret beside its data so that tokens survive a restart. */
function embeddedSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Reads the environment; throws ConfigError with an operator-readable reason. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR || './data';
  const databaseUrl = env.DATABASE_URL || undefined;
  const production = env.NODE_ENV === 'production';
  let jwtSecret: Uint8Array;
  if (env.JWT_SECRET) {
    jwtSecret = checkSecret(env.JWT_SECRET);
  } else if (databaseUrl || production) {
    throw new ConfigError(messages.config.secretRequired(minSecretBytes));
  } else {
    jwtSecret = embeddedSecret(dataDir);
  }
  const scale = env.DEMO_SCALE || 'demo';
  if (scale !== 'small' && scale !== 'demo' && scale !== 'large') throw new ConfigError(messages.config.demoScale);
  const demoToday = env.DEMO_TODAY || undefined;
  if (demoToday && !/^\d{4}-\d{2}-\d{2}$/.test(demoToday)) throw new ConfigError(messages.config.demoToday);
  const demoNow = env.DEMO_NOW || undefined;
  if (demoNow) {
    const day = demoToday ?? new Date().toISOString().slice(0, 10);
    const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(demoNow) ? Date.parse(demoNow) : NaN;
    if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new ConfigError(messages.config.demoNow(day));
  }
  const port = integer(env, 'PORT', 8080, 0);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseReplicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS, databaseUrl),
    jwtSecret,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_HOURS', 10) * 3600,
    logLevel: env.LOG_LEVEL || 'info',
    production,
    commit: env.MIRADOR_COMMIT || undefined,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'true' : !databaseUrl,
    demoScale: scale,
    demoSeed: env.DEMO_SEED ? integer(env, 'DEMO_SEED', 0, 0) : undefined,
    demoToday,
    demoNow: demoNow && new Date(Date.parse(demoNow)).toISOString(),
    operatorTimeZone: operatorTimeZone(env.OPERATOR_TIME_ZONE),
    loginLimits: {
      perPair: integer(env, 'LOGIN_MAX_PER_PAIR', defaultLoginLimits.perPair),
      perEmail: integer(env, 'LOGIN_MAX_PER_EMAIL', defaultLoginLimits.perEmail),
      perIp: integer(env, 'LOGIN_MAX_PER_IP', defaultLoginLimits.perIp),
      attackPerIp: integer(env, 'LOGIN_ATTACK_PER_IP', defaultLoginLimits.attackPerIp),
      maxDelaySeconds: integer(env, 'LOGIN_MAX_DELAY_SECONDS', defaultLoginLimits.maxDelaySeconds),
      windowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', defaultLoginLimits.windowSeconds),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    sessionCacheSeconds: integer(env, 'SESSION_CACHE_SECONDS', defaultSessionCacheSeconds, 0),
    lookupCacheSeconds: integer(env, 'LOOKUP_CACHE_SECONDS', defaultLookupCacheSeconds, 0),
    readReuseMs: integer(env, 'READ_REUSE_MS', defaultReadReuseMs, 0),
    versionedCacheMb: integer(env, 'VERSIONED_CACHE_MB', defaultVersionedCacheMb, 0),
    hsts: env.HSTS === 'true',
    webConfig: {
      ...(env.API_BASE_URL !== undefined && { apiBaseUrl: env.API_BASE_URL }),
      ...(env.AUTH_BASE_URL !== undefined && { authBaseUrl: env.AUTH_BASE_URL }),
      ...(env.PAYMENTS_BASE_URL !== undefined && { paymentsBaseUrl: env.PAYMENTS_BASE_URL }),
      ...(env.MASTER_BASE_URL !== undefined && { masterBaseUrl: env.MASTER_BASE_URL }),
      ...(env.IMAGES_BASE_URL !== undefined && { imagesBaseUrl: env.IMAGES_BASE_URL }),
      ...(env.EXPORT_SERVER_ROWS ? { exportServerRows: integer(env, 'EXPORT_SERVER_ROWS', 0, 0) } : {}),
    },
    dbConnectTimeoutSeconds: integer(env, 'DB_CONNECT_TIMEOUT_SECONDS', 5),
    dbStatementTimeoutSeconds: integer(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 30),
    dbStreamTimeoutSeconds: integer(env, 'DB_STREAM_TIMEOUT_SECONDS', 900),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', defaultPostgresPoolSizes.max),
    dbStreamPoolSize: integer(env, 'DB_STREAM_POOL_SIZE', defaultPostgresPoolSizes.streams),
    dbPoolIdleSeconds: integer(env, 'DB_POOL_IDLE_SECONDS', defaultPostgresTimeouts.poolIdleMs / 1000),
    dbPoolPerEmployee: env.DB_POOL_PER_EMPLOYEE ? integer(env, 'DB_POOL_PER_EMPLOYEE', 1) : undefined,
    dbReservedPoolSize: integer(env, 'DB_RESERVED_POOL_SIZE', defaultPostgresPoolSizes.reserved),
    dbAcquireTimeoutSeconds: integer(env, 'DB_ACQUIRE_TIMEOUT_SECONDS', defaultPostgresTimeouts.acquireMs / 1000),
    dbProbeMs: integer(env, 'DB_PROBE_MS', defaultPostgresTimeouts.probeMs, 100),
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', defaultHttpLimits.requestMs / 1000),
    connectionIdleSeconds: integer(env, 'CONNECTION_IDLE_SECONDS', defaultHttpLimits.idleMs / 1000),
    keepAliveTimeoutSeconds: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', defaultHttpLimits.keepAliveMs / 1000),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10),
    exportLimits: {
      seconds: integer(env, 'EXPORT_MAX_SECONDS', defaultExportLimits.seconds),
      bytes: integer(env, 'EXPORT_MAX_MB', defaultExportLimits.bytes / (1024 * 1024)) * 1024 * 1024,
    },
    mail: {
      smtpUrl: smtpUrl(env.SMTP_URL),
      from: env.MAIL_FROM?.trim() || defaultMailFrom,
      publicUrl: publicUrl(env.PUBLIC_URL, port),
      maxRows: integer(env, 'SUBSCRIPTION_MAX_ROWS', defaultSubscriptionMaxRows),
      pollSeconds: integer(env, 'SUBSCRIPTION_POLL_SECONDS', defaultSubscriptionPollSeconds),
    },
  };
}
