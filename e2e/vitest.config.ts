import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers';

export default defineConfig({
  resolve: { alias: { '@common': path.resolve(import.meta.dirname, '../common') } },
  test: {
    name: 'e2e',
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 150_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // A worker runs file after file with playwright-core and the helpers imported once.
    isolate: false,
    // Pages wait on uploads and live updates on 2 shared cores: poll longer than 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    maxWorkers: E2E_WORKERS,
    // One server and one browser per worker for the whole run (ADR 035).
    globalSetup: ['e2e/global-setup.ts'],
  },
});
