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

describe('bounds on waits for the database and for clients', () => {
  it('default to 10 s for a free connection, 1 s of silence before a probe, 2 reserved connections, half the pool per employee', () => {
    const config = readConfig(base);
    expect([config.dbAcquireTimeoutSeconds, config.dbProbeMs, config.dbReservedPoolSize, config.dbPoolPerEmployee]).toEqual([10, 1000, 2, undefined]);
  });

  it('default to 30 s for a whole request, 120 s for a silent connection and 72 s between kept-alive requests', () => {
    const config = readConfig(base);
    expect([config.requestTimeoutSeconds, config.connectionIdleSeconds, config.keepAliveTimeoutSeconds]).toEqual([30, 120, 72]);
  });

  it('are read from the environment, and a wrong one is refused in Spanish', () => {
    const config = readConfig({
      ...base,
      DB_ACQUIRE_TIMEOUT_SECONDS: '3',
      DB_PROBE_MS: '500',
      DB_RESERVED_POOL_SIZE: '1',
      DB_POOL_PER_EMPLOYEE: '4',
      REQUEST_TIMEOUT_SECONDS: '10',
      CONNECTION_IDLE_SECONDS: '60',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
    });
    expect([config.dbAcquireTimeoutSeconds, config.dbProbeMs, config.dbReservedPoolSize, config.dbPoolPerEmployee]).toEqual([3, 500, 1, 4]);
    expect([config.requestTimeoutSeconds, config.connectionIdleSeconds, config.keepAliveTimeoutSeconds]).toEqual([10, 60, 65]);
    expect(() => readConfig({ ...base, DB_PROBE_MS: '10' })).toThrow('DB_PROBE_MS debe ser un número entero ≥ 100 (se recibió «10»).');
    expect(() => readConfig({ ...base, REQUEST_TIMEOUT_SECONDS: '0' })).toThrow('REQUEST_TIMEOUT_SECONDS debe ser un número entero ≥ 1 (se recibió «0»).');
  });
});
