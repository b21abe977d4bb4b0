import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/openPostgres.ts';
import { loadDemoData } from '../../server/demo/loadDemoData.ts';
import { testDemoOptions } from './testData.ts';

/** Creates a fresh database beside the one DATABASE_URL names (never touching it) and drops it afterwards. */
export default async function setup(project: TestProject) {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `mirador_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 4 });
  await migrate(db);
  await loadDemoData(db, testDemoOptions);
  await db.close();
  project.provide('postgresUrl', url.toString());
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
