import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteRetrying } from './openPgliteRetrying.ts';
import { loadDemoData } from '../../server/demo/loadDemoData.ts';
import { testDemoOptions } from './testData.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    })
    .filter((p) => !p.endsWith('.test.ts'))
    .sort();
}

/** Builds the `small` database once and keeps it as a tarball until its inputs change. */
export default async function setup(project: TestProject) {
  const hash = createHash('sha256').update(JSON.stringify(testDemoOptions));
  for (const file of [...filesUnder('server/db'), ...filesUnder('server/demo')]) hash.update(readFileSync(file));
  const dir = '.cache/test-db';
  const snapshot = join(dir, `small-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(snapshot)) {
    mkdirSync(dir, { recursive: true });
    const db = await openPgliteRetrying('memory://');
    await migrate(db);
    await loadDemoData(db, testDemoOptions);
    const blob = await db.dumpDataDir();
    writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
    await db.close();
  }
  project.provide('pgliteSnapshot', snapshot);
}
