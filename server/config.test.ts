import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';
import { messages } from './messages.ts';

const strong = 'q7Vt-2mZ8xLk_R4pW9nB3sJ6hD1fG5cY0aE';
/** The data directories made for the tests, removed after them. */
const madeDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mirador-config-'));
  madeDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

describe('readConfig', () => {
  it('reads the e-mail settings, sending off without SMTP_URL, and refuses a wrong URL in Spanish without its password', () => {
    const dataDir = tempDir();
    expect(readConfig({ DATA_DIR: dataDir }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Mirador <mirador@localhost>',
      publicUrl: 'http://localhost:8080',
      maxRows: 10_000,
      pollSeconds: 30,
    });
    expect(
      readConfig({
        DATA_DIR: dataDir,
        PORT: '9000',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'Informes <informes@example.com>',
        SUBSCRIPTION_MAX_ROWS: '500',
        SUBSCRIPTION_POLL_SECONDS: '5',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Informes <informes@example.com>', publicUrl: 'http://localhost:9000', maxRows: 500, pollSeconds: 5 });
    expect(readConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://mirador.example.com/' }).mail.publicUrl).toBe('https://mirador.example.com');
    expect(() => readConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://u:secreto@mail.example.com' })).toThrow(messages.config.smtpUrl('http://u:***@mail.example.com'));
    expect(() => readConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'mirador.example.com' })).toThrow(messages.config.publicUrl('mirador.example.com'));
    expect(() => readConfig({ DATA_DIR: dataDir, SUBSCRIPTION_MAX_ROWS: '0' })).toThrow(ConfigError);
  });

  it('refuses to start on a PostgreSQL server without a strong JWT_SECRET', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://h/db' })).toThrow(ConfigError);
    expect(() => readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'short' })).toThrow(messages.config.secretShort(32));
    expect(Buffer.from(readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: strong }).jwtSecret).toString()).toBe(strong);
  });

  it('refuses long secrets of low variety with a Spanish message', () => {
    const weak = [
      ' '.repeat(32),
      'a'.repeat(32),
      'changeme'.repeat(4),
      'abcdefghij'.repeat(4),
      '0123456789abcdefghijklmnopq'.repeat(2),
      'ab'.repeat(40),
    ];
    for (const secret of weak) {
      expect(() => readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret }), secret).toThrow(ConfigError);
      expect(() => readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret }), secret).toThrow(messages.config.secretWeak(10));
    }
    for (const secret of [strong, 'correct horse battery staple, 42 times!', 'ÁrbolÉxitoÍndiceÓrbitaÚtilÑandú-2026']) {
      expect(() => readConfig({ DATABASE_URL: 'postgres://h/db', JWT_SECRET: secret }), secret).not.toThrow();
    }
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

  it('explains every configuration error in Spanish', () => {
    const bad = [
      { PORT: 'eighty' },
      { LOGIN_MAX_PER_PAIR: '0' },
      { LOGIN_WINDOW_SECONDS: '1.5' },
      { DEMO_SCALE: 'huge' },
      { DEMO_TODAY: '16/03/2026' },
      { DEMO_TODAY: '2026-03-16', DEMO_NOW: '2026-03-17T10:00:00Z' },
      { TRUST_PROXY: 'maybe' },
      { DATABASE_URL: 'postgres://h/db' },
      { DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'short' },
      { DATABASE_URL: 'postgres://h/db', JWT_SECRET: 'a'.repeat(32) },
    ];
    for (const env of bad) {
      let message = '';
      try {
        readConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, JSON.stringify(env)).toMatch(/\b(debe|es obligatorio|es demasiado)\b/);
      expect(message, JSON.stringify(env)).not.toMatch(/\b(must|required|got|integer)\b/);
    }
  });

  it('ends the demo data at DEMO_NOW, an instant of its anchor day', () => {
    expect(readConfig({ DATA_DIR: tempDir() }).demoNow).toBeUndefined();
    const set = readConfig({ DATA_DIR: tempDir(), DEMO_TODAY: '2026-03-16', DEMO_NOW: '2026-03-16T23:59:59Z' });
    expect(set.demoNow).toBe('2026-03-16T23:59:59.000Z');
    for (const DEMO_NOW of ['2026-03-17T00:00:00Z', '2026-03-16 12:00', '2026-03-16T12:00:00+05:00', 'mediodía']) {
      expect(() => readConfig({ DATA_DIR: tempDir(), DEMO_TODAY: '2026-03-16', DEMO_NOW })).toThrow('DEMO_NOW debe ser un instante UTC del 2026-03-16');
    }
  });

  it("reads the operator's time zone, UTC by default, and refuses one it does not know in Spanish", () => {
    expect(readConfig({ DATA_DIR: tempDir() }).operatorTimeZone).toBe('UTC');
    expect(readConfig({ DATA_DIR: tempDir(), OPERATOR_TIME_ZONE: ' America/Bogota ' }).operatorTimeZone).toBe('America/Bogota');
    expect(readConfig({ DATA_DIR: tempDir(), OPERATOR_TIME_ZONE: 'Etc/GMT+5' }).operatorTimeZone).toBe('Etc/GMT+5');
    // Bare offsets are refused: PostgreSQL reads "-05:00" as five hours east (POSIX), Intl as west.
    for (const OPERATOR_TIME_ZONE of ['America/Bogotá', 'Bogota', '-05:00', 'UTC-5', "UTC'; DROP TABLE bookings; --"]) {
      expect(() => readConfig({ DATA_DIR: tempDir(), OPERATOR_TIME_ZONE }), OPERATOR_TIME_ZONE).toThrow(
        messages.config.timeZone(OPERATOR_TIME_ZONE),
      );
    }
  });

  it('reads the sign-in limits, the session cache, the reuse of reads and the trusted proxies', () => {
    const defaults = readConfig({ DATA_DIR: tempDir() });
    expect(defaults.loginLimits).toEqual({ perPair: 8, perEmail: 50, perIp: 100, attackPerIp: 1000, maxDelaySeconds: 300, windowSeconds: 900 });
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.sessionCacheSeconds).toBe(5);
    expect(defaults.lookupCacheSeconds).toBe(60);
    expect(defaults.readReuseMs).toBe(1000);
    const set = readConfig({
      DATA_DIR: tempDir(),
      LOGIN_MAX_PER_PAIR: '5',
      LOGIN_MAX_PER_EMAIL: '40',
      LOGIN_MAX_PER_IP: '300',
      LOGIN_ATTACK_PER_IP: '3000',
      LOGIN_MAX_DELAY_SECONDS: '30',
      LOGIN_WINDOW_SECONDS: '60',
      SESSION_CACHE_SECONDS: '0',
      LOOKUP_CACHE_SECONDS: '0',
      READ_REUSE_MS: '0',
    });
    expect(set.loginLimits).toEqual({ perPair: 5, perEmail: 40, perIp: 300, attackPerIp: 3000, maxDelaySeconds: 30, windowSeconds: 60 });
    expect(set.sessionCacheSeconds).toBe(0);
    expect(set.lookupCacheSeconds).toBe(0);
    expect(set.readReuseMs).toBe(0);
    const trust = (value: string) => readConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 172.16.0.0/12,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['yes', '10.0.0.1,', '10.0.0.0/33', '300.1.1.1', 'proxy.internal']) {
      expect(() => trust(value), value).toThrow(messages.config.trustProxy(value));
    }
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

  it('reads DATABASE_REPLICA_URLS only beside DATABASE_URL, refusing a malformed URL without showing its password', () => {
    const primary = { DATABASE_URL: 'postgres://app@primary/mirador', JWT_SECRET: strong };
    expect(readConfig(primary).databaseReplicaUrls).toEqual([]);
    expect(readConfig({ ...primary, DATABASE_REPLICA_URLS: ' ' }).databaseReplicaUrls).toEqual([]);
    expect(
      readConfig({ ...primary, DATABASE_REPLICA_URLS: 'postgres://app@replica-1:5433/mirador, postgresql://app:pw@replica-2/mirador?sslmode=require' })
        .databaseReplicaUrls,
    ).toEqual(['postgres://app@replica-1:5433/mirador', 'postgresql://app:pw@replica-2/mirador?sslmode=require']);
    expect(() => readConfig({ DATA_DIR: tempDir(), DATABASE_REPLICA_URLS: 'postgres://app@replica-1/mirador' })).toThrow(
      messages.config.replicasWithoutPrimary,
    );
    const refused: Array<[string, string]> = [
      ['replica-1:5432/mirador', 'replica-1:5432/mirador'],
      ['postgres://app@replica-1/mirador,', ''],
      ['http://replica-1/mirador', 'http://replica-1/mirador'],
      ['postgres://app:secreto@replica-1:puerto/mirador', 'postgres://app:***@replica-1:puerto/mirador'],
    ];
    for (const [value, shown] of refused) {
      expect(() => readConfig({ ...primary, DATABASE_REPLICA_URLS: value }), value).toThrow(ConfigError);
      expect(() => readConfig({ ...primary, DATABASE_REPLICA_URLS: value }), value).toThrow(messages.config.replicaUrl(shown));
    }
    expect(() => readConfig({ ...primary, DATABASE_REPLICA_URLS: 'postgres://app:secreto@replica-1:puerto/mirador' })).not.toThrow(/secreto/);
  });
});
