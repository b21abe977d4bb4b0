import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

const strong = 'x'.repeat(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'mirador-config-'));

describe('readConfig', () => {
  it('refuses to start on a PostgreSQL server without a strong JWT_SECRET', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://h/db' })).toThrow(ConfigError);
    expect(() => readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'short' })).toThrow(/32 bytes/);
    expect(readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: strong }).jwtSecret.byteLength).toBe(32);
  });

  it('refuses to start in production without a JWT_SECRET, even embedded', () => {
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET/);
  });

  it('creates a random secret for the embedded demo once and reuses it', () => {
    const dir = tempDir();
    const first = readConfig({ DATA_DIR: dir });
    const second = readConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.byteLength).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(Buffer.from(readConfig({ DATA_DIR: tempDir() }).jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(false);
  });

  it('fills the embedded database with demo data by default, a server only when asked', () => {
    expect(readConfig({ DATA_DIR: tempDir() }).demoData).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: strong }).demoData).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: strong, DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('rejects malformed numbers and names the variable', () => {
    expect(() => readConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATA_DIR: tempDir(), DEMO_SCALE: 'huge' })).toThrow(/DEMO_SCALE/);
  });

  it('passes service base URLs through to the web app', () => {
    const config = readConfig({ DATA_DIR: tempDir(), PAYMENTS_BASE_URL: 'https://pagos.example', IMAGES_BASE_URL: 'https://img.example' });
    expect(config.webConfig).toEqual({ paymentsBaseUrl: 'https://pagos.example', imagesBaseUrl: 'https://img.example' });
  });

  it('sends HSTS only when HSTS=true says TLS is in front', () => {
    expect(readConfig({ DATA_DIR: tempDir() }).hsts).toBe(false);
    expect(readConfig({ DATA_DIR: tempDir(), HSTS: 'false' }).hsts).toBe(false);
    expect(readConfig({ DATA_DIR: tempDir(), HSTS: 'true' }).hsts).toBe(true);
  });
});
