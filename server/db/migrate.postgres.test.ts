import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from './Db.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './openPostgres.ts';

// Several instances of a new version started at once on one empty primary: each migration applies exactly once.
const base = new URL(process.env.DATABASE_URL!);
const name = `mirador_migrate_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: base.toString() });
const instances: Db[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  for (let i = 0; i < 3; i++) instances.push(await openPostgres(url.toString(), { max: 2 }));
});

afterAll(async () => {
  await Promise.all(instances.map((db) => db.close()));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

it('applies each migration once when three instances migrate an empty database at the same time', async () => {
  const files = readdirSync(new URL('./migrations/', import.meta.url)).filter((f) => f.endsWith('.sql')).sort();
  const applied = await Promise.all(instances.map((db) => migrate(db)));
  expect(applied.flat().sort()).toEqual(files);
  const rows = await instances[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(rows.map((r) => r.version)).toEqual(files);
  // A later start finds nothing to do.
  expect(await migrate(instances[1]!)).toEqual([]);
});
