import type { DemoOptions } from '../../server/demo/loadDemoData.ts';

/** The fixed "today" of the test data and of the test server's clock. */
export const testToday = '2026-03-16';
export const testNow = new Date(`${testToday}T15:00:00Z`);
export const testDemoOptions: DemoOptions = { scale: 'small', today: testToday, now: testNow.toISOString(), seed: 20231201 };

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a tarball of the migrated `small` database. */
    pgliteSnapshot: string;
    /** PostgreSQL: URL of a fresh database holding the `small` data. */
    postgresUrl: string;
  }
}
