import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WebConfig } from './app.ts';
import type { LoginLimits } from './routes/auth.ts';
import type { Scale } from './demo/loadDemoData.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  logLevel: string;
  /** Fill an empty database with the demo operator on start. */
  demoData: boolean;
  demoScale: Scale;
  demoSeed: number | undefined;
  demoToday: string | undefined;
  loginLimits: Partial<LoginLimits>;
  webConfig: Partial<WebConfig>;
  dbConnectTimeoutSeconds: number;
  dbStatementTimeoutSeconds: number;
  shutdownGraceSeconds: number;
}

export class ConfigError extends Error {}

const minSecretBytes = 32;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
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
    jwtSecret = new TextEncoder().encode(env.JWT_SECRET);
    if (jwtSecret.byteLength < minSecretBytes) throw new ConfigError(`JWT_SECRET must be at least ${minSecretBytes} bytes`);
  } else if (databaseUrl || production) {
    throw new ConfigError(`JWT_SECRET (at least ${minSecretBytes} bytes) is required with DATABASE_URL or in production`);
  } else {
    jwtSecret = embeddedSecret(dataDir);
  }
  const scale = env.DEMO_SCALE || 'demo';
  if (scale !== 'small' && scale !== 'demo' && scale !== 'large') throw new ConfigError('DEMO_SCALE must be small, demo or large');
  const demoToday = env.DEMO_TODAY || undefined;
  if (demoToday && !/^\d{4}-\d{2}-\d{2}$/.test(demoToday)) throw new ConfigError('DEMO_TODAY must be YYYY-MM-DD');
  return {
    port: integer(env, 'PORT', 8080, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_HOURS', 10) * 3600,
    logLevel: env.LOG_LEVEL || 'info',
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'true' : !databaseUrl,
    demoScale: scale,
    demoSeed: env.DEMO_SEED ? integer(env, 'DEMO_SEED', 0, 0) : undefined,
    demoToday,
    loginLimits: {
      perIp: integer(env, 'LOGIN_MAX_PER_IP', 30),
      perEmail: integer(env, 'LOGIN_MAX_PER_EMAIL', 8),
      windowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', 900),
    },
    webConfig: {
      ...(env.API_BASE_URL !== undefined && { apiBaseUrl: env.API_BASE_URL }),
      ...(env.AUTH_BASE_URL !== undefined && { authBaseUrl: env.AUTH_BASE_URL }),
      ...(env.PAYMENTS_BASE_URL !== undefined && { paymentsBaseUrl: env.PAYMENTS_BASE_URL }),
      ...(env.MASTER_BASE_URL !== undefined && { masterBaseUrl: env.MASTER_BASE_URL }),
      ...(env.IMAGES_BASE_URL !== undefined && { imagesBaseUrl: env.IMAGES_BASE_URL }),
    },
    dbConnectTimeoutSeconds: integer(env, 'DB_CONNECT_TIMEOUT_SECONDS', 5),
    dbStatementTimeoutSeconds: integer(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 30),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10),
  };
}
