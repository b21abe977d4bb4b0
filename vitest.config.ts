import { defineConfig } from 'vitest/config';

const serverTests = { include: ['server/**/*.test.ts', 'tests/reportsApi.test.ts', 'tests/reportCharts.test.ts', 'tests/exportCorpus.test.ts'], environment: 'node' as const, testTimeout: 60_000, hookTimeout: 240_000 };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/reports.test.ts', 'tests/docs.test.ts', 'tests/importGraph.test.ts', 'core/**/*.test.ts', 'schema/**/*.test.ts', 'engine/**/*.test.ts', 'reports/**/*.test.ts', 'widgets/**/*.test.ts', 'scripts/**/*.test.ts', 'engine/**/*.test.tsx'],
          environment: 'node',
          // A file's first render loads React and Blueprint: seconds on a busy 2-core machine, not the default 5 s.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Widget tests render against the real API on the small test database.
        test: {
          name: 'widgets',
          include: ['widgets/**/*.test.tsx'],
          environment: 'jsdom',
          globalSetup: ['tests/support/setupPglite.ts'],
          env: { TEST_ENGINE: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Files named *.postgres.test.ts need a PostgreSQL server (other sessions, jit); *.pglite.test.ts are PGlite's alone.
        test: { ...serverTests, name: 'server-pglite', exclude: ['**/*.postgres.test.ts'], globalSetup: ['tests/support/setupPglite.ts'], env: { TEST_ENGINE: 'pglite' } },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/support/startServer.ts'],
          // expect.poll waits for what the page shows: 1 s (vitest's default) is too short on a loaded machine.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                ...serverTests,
                name: 'server-postgres',
                // Only the tests that read the test database run again on the server.
                exclude: [
                  '**/*.pglite.test.ts',
                  'server/demo/**',
                  'server/config.test.ts',
                  'server/http/params.test.ts',
                  'server/http/parseQuery.test.ts',
                  'server/routes/health.test.ts',
                  'server/routes/images.test.ts',
                  'server/http/webApp.test.ts',
                ],
                globalSetup: ['tests/support/setupPostgres.ts'],
                env: { TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
