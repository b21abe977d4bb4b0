import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/openPglite.ts';

const root = resolve(import.meta.dirname, '../..');

// `npm run demo-data` as its user runs it, on an embedded database where the load cannot finish: its last table
// refuses every row, so the load fails once its progress bar is running.
describe('npm run demo-data when the load fails', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mirador-demo-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says why and exits 1, without hanging', async () => {
    const db = await openPglite(join(dataDir, 'pglite'));
    await migrate(db);
    await db.exec('ALTER TABLE leads ADD CONSTRAINT refuse_every_lead CHECK (false) NOT VALID');
    await db.close();
    const load = spawn(process.execPath, ['--import', 'tsx', 'scripts/demoData.ts', '--scale', 'small', '--today', '2026-11-23'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 150_000, // a process that hangs is killed: its exit code is then null
    });
    let stderr = '';
    load.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => load.on('exit', done));
    expect(stderr).toMatch(/Demo data failed: .*refuse_every_lead/);
    expect(code).toBe(1);
    // Nothing of the failed load was kept: the database is still empty.
    const after = await openPglite(join(dataDir, 'pglite'));
    try {
      expect(await after.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).toEqual([{ n: 0 }]);
    } finally {
      await after.close();
    }
  }, 240_000);
});
