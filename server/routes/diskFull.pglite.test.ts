import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import { buildApp } from '../app.ts';
import { databaseTrouble } from '../db/dbErrors.ts';
import type { PgliteDb } from '../db/openPglite.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { messages } from '../messages.ts';

// A real full disk: a small tmpfs holding the database, filled to its last byte. Mounting needs root (CI runs as
// root); without it this file fails, it does not skip.
let mountPoint: string;
let mounted = false;
let db: PgliteDb;
let app: FastifyInstance;
let token: string;
const filler = () => join(mountPoint, 'filler');

/** Writes zeros until the file system refuses: returns the error it gave. */
function fillDisk(): NodeJS.ErrnoException {
  const fd = openSync(filler(), 'w');
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  mountPoint = mkdtempSync(join(tmpdir(), 'mirador-disk-'));
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  // The database's files, its WAL segments and room to spare before the disk is filled on purpose.
  const sizeMb = Math.ceil((snapshot.length * 1.5) / 1024 / 1024) + 64;
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', mountPoint], { stdio: 'pipe' });
  mounted = true;
  db = (await openPgliteRetrying(join(mountPoint, 'pglite'), new Blob([snapshot]))) as PgliteDb;
  app = await buildApp({ db, jwtSecret: testSecret });
  const [row] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  token = await signToken({ secret: testSecret, ttlSeconds: 3600 }, { employeeId: row!.id, email: demoEmployee.email });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const saveView = (name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/views',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reportId: 'movements-order', path: '/movements/order', name, shared: false, state: { filters: [], params: [] } }),
  });

describe('PGlite on a full disk', () => {
  it('answers a saved view 503 with a Spanish message and is not ready while the disk is full, and recovers when space returns', async () => {
    expect((await app.inject('/api/ready')).statusCode).toBe(200);

    const refusal = fillDisk();
    expect(refusal.code).toBe('ENOSPC');
    expect(databaseTrouble(refusal)).toBe('diskFull');

    const saved = await saveView('Lleno');
    expect(saved.statusCode).toBe(503);
    expect(saved.json()).toEqual({ message: messages.diskFull });
    expect(Number(saved.headers['retry-after'])).toBeGreaterThan(0);
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: messages.diskFull });
    // Reading still works: only what needs room is refused.
    expect((await app.inject('/api/health')).statusCode).toBe(200);

    rmSync(filler());
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready' });
    const again = await saveView('Con espacio');
    expect(again.statusCode).toBe(201);
  });
});
