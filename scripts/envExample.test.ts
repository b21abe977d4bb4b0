import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables, readConfig } from '../server/config.ts';
import { envExample } from './envExample.ts';

const strong = 'q7Vt-2mZ8xLk_R4pW9nB3sJ6hD1fG5cY0aE';
const serverVariables = configVariables.filter((variable) => !('devOnly' in variable));

/** The names `readConfig` asks the environment for, whatever their values. */
function namesRead(env: NodeJS.ProcessEnv): string[] {
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  readConfig(recording);
  return [...read].sort();
}

describe('.env.example and the configuration module', () => {
  it('.env.example is the one written from the list of variables in server/config.ts', () => {
    // When this fails: `npx tsx scripts/envExample.ts` writes the file again from the list.
    expect(readFileSync('.env.example', 'utf8')).toBe(envExample());
  });

  it('names, each once, every variable readConfig reads, and none it does not', () => {
    const names = configVariables.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    const unset = namesRead({ JWT_SECRET: strong });
    const set = namesRead({ JWT_SECRET: strong, DATABASE_URL: 'postgres://h/db', DEMO_SEED: '1', EXPORT_SERVER_ROWS: '5', DB_POOL_PER_EMPLOYEE: '2' });
    expect([...new Set([...unset, ...set])].sort()).toEqual(serverVariables.map((variable) => variable.name).sort());
  });

  it('gives as default of each variable a value that configures the server as leaving it unset does', () => {
    const base = { JWT_SECRET: strong };
    const unset = readConfig(base);
    for (const variable of serverVariables.filter((v) => v.default !== '')) {
      expect(readConfig({ ...base, [variable.name]: variable.default }), variable.name).toEqual(unset);
    }
    // And the file as a whole, its lines uncommented, starts the same server.
    const fromFile = Object.fromEntries(
      [...envExample().matchAll(/^# ([A-Z][A-Z0-9_]*)=(.+)$/gm)].map(([, name, value]) => [name!, value!]),
    );
    expect(Object.keys(fromFile).length).toBeGreaterThan(30);
    expect(readConfig({ ...fromFile, ...base })).toEqual(unset);
  });

  it("names the variables of `npm run dev` with the defaults its scripts use, and every variable they read", () => {
    const sources = ['scripts/dev.ts', 'vite.config.ts', 'scripts/start.mjs', 'scripts/demoData.ts'].map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const variable of configVariables.filter((v) => 'devOnly' in v)) {
      expect(sources, variable.name).toMatch(new RegExp(`process\\.env\\.${variable.name} \\?\\? '?${variable.default}'?`));
    }
    const read = new Set([...sources.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map(([, name]) => name!));
    expect([...read].filter((name) => !configVariables.some((variable) => variable.name === name))).toEqual([]);
  });

  it("agrees with the README's configuration table: the same variables, in order, with the same defaults", () => {
    const rows = [...readFileSync('README.md', 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \|/gm)].map(([, name, shown]) => [name, shown!.trim()]);
    expect(rows).toEqual(configVariables.map((variable) => [variable.name, 'shown' in variable ? variable.shown : `\`${variable.default}\``]));
  });
});
