import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

const base = { DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'k7Q2vX9pL4mN8rT1wZ6yB3cF5hJ0dG2s' };

describe('database timeouts and grace period', () => {
  it('default to 5 s to connect, 30 s per statement, 15 min per all-rows stream and 10 s to finish on SIGTERM', () => {
    const config = readConfig(base);
    expect([config.dbConnectTimeoutSeconds, config.dbStatementTimeoutSeconds, config.dbStreamTimeoutSeconds, config.shutdownGraceSeconds]).toEqual([
      5, 30, 900, 10,
    ]);
  });

  it('are read from the environment, in whole seconds of at least 1', () => {
    const config = readConfig({
      ...base,
      DB_CONNECT_TIMEOUT_SECONDS: '2',
      DB_STATEMENT_TIMEOUT_SECONDS: '120',
      DB_STREAM_TIMEOUT_SECONDS: '3600',
      SHUTDOWN_GRACE_SECONDS: '25',
    });
    expect([config.dbConnectTimeoutSeconds, config.dbStatementTimeoutSeconds, config.dbStreamTimeoutSeconds, config.shutdownGraceSeconds]).toEqual([
      2, 120, 3600, 25,
    ]);
    expect(() => readConfig({ ...base, DB_STATEMENT_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, SHUTDOWN_GRACE_SECONDS: 'diez' })).toThrow(ConfigError);
  });
});

describe('database pool sizes', () => {
  it('default to 10 connections for requests and 4 for all-rows answers and exports, per PostgreSQL server', () => {
    const config = readConfig(base);
    expect([config.dbPoolSize, config.dbStreamPoolSize]).toEqual([10, 4]);
  });

  it('are read from the environment, whole numbers of at least 1, and a wrong one is refused in Spanish', () => {
    const config = readConfig({ ...base, DB_POOL_SIZE: '20', DB_STREAM_POOL_SIZE: '8' });
    expect([config.dbPoolSize, config.dbStreamPoolSize]).toEqual([20, 8]);
    expect(() => readConfig({ ...base, DB_STREAM_POOL_SIZE: '0' })).toThrow('DB_STREAM_POOL_SIZE debe ser un número entero ≥ 1 (se recibió «0»).');
    expect(() => readConfig({ ...base, DB_POOL_SIZE: 'diez' })).toThrow('DB_POOL_SIZE debe ser un número entero ≥ 1 (se recibió «diez»).');
  });
});

describe('how long an unused database connection stays open', () => {
  it('defaults to 5 minutes and is read from DB_POOL_IDLE_SECONDS, a whole number of seconds of at least 1', () => {
    expect(readConfig(base).dbPoolIdleSeconds).toBe(300);
    expect(readConfig({ ...base, DB_POOL_IDLE_SECONDS: '30' }).dbPoolIdleSeconds).toBe(30);
    expect(() => readConfig({ ...base, DB_POOL_IDLE_SECONDS: '0' })).toThrow('DB_POOL_IDLE_SECONDS debe ser un número entero ≥ 1 (se recibió «0»).');
  });
});
