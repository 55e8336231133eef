import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '@common': path.resolve(import.meta.dirname, 'common'),
  '@server': path.resolve(import.meta.dirname, 'server/src'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is a single worker. Three keep both cores busy
    // while a worker waits on PostgreSQL or Redis (ADR 035).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'common',
          include: ['common/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // The web app's pure modules (no DOM): highlight, dropdown options.
          name: 'web',
          include: ['web/src/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // The web app's components in states that need no server (ADR 035): jsdom and
          // Testing Library; whole journeys stay in e2e/.
          name: 'web-components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // `*.pg.test.ts` are about PostgreSQL itself (a restart of it): they run in
          // the PostgreSQL tier only, rather than being skipped in the SQLite one.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.QUAD_TEST_DB === 'postgres' ? [] : ['server/**/*.pg.test.ts']),
            // The kill -9 loop runs once a run (ADR 035): in the PostgreSQL tier when
            // there is one (scripts/test.mjs says so), else here; the bench runs it at length.
            ...(process.env.QUAD_FAULT_LOOP === 'elsewhere'
              ? ['server/test/fault-loop.test.ts']
              : []),
          ],
          setupFiles: ['server/test/vitest.setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          pool: 'forks',
          // Each worker imports the app once and runs file after file in it (ADR 035):
          // no file mocks a module, and each builds its own app, database and data folder.
          isolate: false,
        },
      },
    ],
  },
});
